import { i18nReady } from './lib/i18n'; // first: initialises i18next before any screen module
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { showReloadReasonToast } from './app/reloadToast';
import { router } from './app/router';
import { syncFeatureFlags } from './lib/flags';

syncFeatureFlags(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the chosen language's translations (English is already bundled).
void i18nReady.then(() => {
  showReloadReasonToast();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
