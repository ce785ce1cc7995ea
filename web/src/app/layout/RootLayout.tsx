import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/Toaster';
import { CartLayer } from '../../features/cart/CartLayer';
import { AffiliateTracker } from '../../features/affiliates/AffiliateTracker';
import { CoPayLayer } from '../../features/copay/CoPayLayer';
import { syncFeatureFlags } from '../../lib/flags';
import { whenIdle } from '../../lib/idle';
import { AppConfigWatcher } from '../AppConfigWatcher';
import { ErrorBoundary } from '../ErrorBoundary';
import { scrollKey } from '../scrollRestoration';
import { CookieConsentHost } from './CookieConsentHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { VendorDialogHost } from './VendorDialogHost';
import { CartConsultationHost } from './CartConsultationHost';
import { ConciergeHost } from './ConciergeHost';

/** The shell around every screen: skip link, consent banner, header, main, footer, toasts. */
const HelpWidget = lazy(() => import('../../features/support/help/HelpWidget').then((m) => ({ default: m.HelpWidget })));
const HelpChat = lazy(() => import('../../features/concierge/HelpChat'));

/**
 * The concierge in the help widget's AI chat tab (issue 29 item 6): composed here because the
 * support and concierge features do not import each other. Its code loads when the tab opens.
 */
function HelpChatSlot() {
  const { t } = useTranslation();
  return (
    <ErrorBoundary section={t('common.sections.concierge')}>
      <Suspense fallback={<div className="min-h-[22rem]" aria-busy="true" />}>
        <HelpChat />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The help widget's code and its FAQ load once the page has loaded and the browser is idle, so
 * they never compete with the first screen's paint (the first card's budget, F-CAT-02) nor, on a
 * page the server rendered (the app starts after its load), with the app taking it over.
 */
function DeferredHelpWidget() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelIdle = () => {};
    const onLoad = () => {
      cancelIdle = whenIdle(() => setReady(true));
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancelIdle();
    };
  }, [ready]);
  if (!ready) return null;
  // A help widget whose code cannot be downloaded (offline, a deploy) must not take the page down.
  return (
    <ErrorBoundary section="help" quiet>
      <Suspense fallback={null}>
        <HelpWidget chat={<HelpChatSlot />} />
      </Suspense>
    </ErrorBoundary>
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  const { search } = useLocation();

  // ff_{flag} parameters can arrive with any navigation (spec 02§6).
  useEffect(() => {
    syncFeatureFlags(search);
  }, [search]);

  return (
    <ErrorBoundary section={t('common.sections.app')}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-control bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('common.skipToContent')}
        </a>
        <CookieConsentHost />
        <AppConfigWatcher />
        <AffiliateTracker />
        <Header />
        {/* At least a screen tall: the footer stays below the fold until the page is in (no layout shift). */}
        <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
        <CartLayer />
        <VendorDialogHost />
        <CartConsultationHost />
        <ConciergeHost />
        <CoPayLayer />
        {/* The help widget (issue 29 item 6) with the concierge in its AI chat tab. */}
        <DeferredHelpWidget />
        <Toaster />
        {/* Restores the offset on back/forward only; everything else opens at the top. */}
        <ScrollRestoration getKey={scrollKey} />
      </div>
    </ErrorBoundary>
  );
}
