import './lib/i18n';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { showReloadReasonToast } from './app/reloadToast';
import { router } from './app/router';
import { syncFeatureFlags } from './lib/flags';

syncFeatureFlags(window.location.search);
showReloadReasonToast();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
