import { lazy, Suspense, useEffect, useState } from 'react';
import {
  browserSignalsDoNotTrack,
  CONSENT_BANNER_DELAY_MS,
  readConsent,
  shouldShowConsentBanner,
} from '../../lib/consent';
import { onOpenCookieSettings } from './cookieSettings';

const CookieBanner = lazy(() => import('./CookieBanner'));

/**
 * Shows the cookie banner 1 s after load unless a valid consent (version 1.0) is stored or the
 * browser signals do-not-track (spec 01§4); the footer's "Cookie settings" reopens it.
 */
export function CookieConsentHost() {
  const [open, setOpen] = useState<null | 'first-visit' | 'settings'>(null);

  useEffect(() => {
    const off = onOpenCookieSettings(() => setOpen('settings'));
    // Decided when the delay has passed: the first read of the browser's do-not-track signals
    // took 10 ms of the app's start on a phone, in the effects of its first render.
    const timer = setTimeout(() => {
      if (shouldShowConsentBanner(readConsent(), browserSignalsDoNotTrack())) setOpen((o) => o ?? 'first-visit');
    }, CONSENT_BANNER_DELAY_MS);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner fromSettings={open === 'settings'} onDone={() => setOpen(null)} />
    </Suspense>
  );
}
