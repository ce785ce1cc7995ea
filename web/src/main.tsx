import { i18nReady, loadScreenWords } from './lib/i18n'; // first: initialises i18next before any screen module
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { showReloadReasonToast } from './app/reloadToast';
import { createAppRouter } from './app/router';
import { opensWithBundledWords, preloadFirstScreen } from './app/routes';
import { syncFeatureFlags } from './lib/flags';

syncFeatureFlags(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The marketplace (home and /marketplace) is most first visits: its chunk (modulepreloaded by the
// page's Link header) is evaluated alongside the translations, so its route does not wait for a
// second round after the first render (issue 18 item 5).
const firstScreen = preloadFirstScreen(window.location).catch(() => undefined);

// Any other first screen shows words from the screens' chunk: it downloads beside the screen's
// code. On the marketplace it follows once the page has loaded, for the next click (a page the
// server rendered starts the app after it has loaded: web/public/start-app.js).
const loadWords = () => void loadScreenWords().catch(() => undefined);
if (!opensWithBundledWords(window.location)) loadWords();
else if (document.readyState === 'complete') setTimeout(loadWords, 0);
else window.addEventListener('load', loadWords, { once: true });

// The first render waits for the chosen language's translations (English is already bundled).
void Promise.all([i18nReady, firstScreen]).then(() => {
  // A task of its own, not the tail of the entry's or the first screen's evaluation: each of the
  // three is tens of milliseconds at a phone's speed, and one task of all three blocked input. A
  // message rather than a timer: a test that stops the page's clock from the start (its toast
  // timers) still gets the app, as React's own scheduler does.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    showReloadReasonToast();
    const router = createAppRouter();
    const app = createRoot(root);
    // A transition: React renders the first screen in slices between frames instead of one long
    // task (the marketplace's first render was 100-300 ms at a phone's speed, Lighthouse's total
    // blocking time); the page's frame from index.html stays on screen until it commits.
    startTransition(() =>
      app.render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  };
  channel.port2.postMessage(null);
});
