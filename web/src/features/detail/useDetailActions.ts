import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { requestPurchase } from '../../lib/purchase';
import { trackEvent } from './api/tracking';
import type { ServiceDetail } from './model/types';

/** What the buttons of the funnel page and the sales-page dialog do. */
export function useDetailActions(detail: ServiceDetail | undefined, title: string, signedIn: boolean) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const id = detail?.service.id ?? '';

  const openService = useCallback(
    (serviceId: string) => {
      if (id) trackEvent(id, signedIn, 'click', { target: 'suggestion', service_id: serviceId });
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('service', serviceId);
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [id, setParams, signedIn],
  );

  const book = useCallback(() => {
    if (!detail) return;
    trackEvent(id, signedIn, 'booking', { booking_type: detail.quick_actions.booking_type });
    // Internal booking, or for a vendor with its own booking link the lead capture, which then
    // opens that link in a new tab (03§2): both on /book-meeting (issue 16).
    void navigate(`/book-meeting?service=${encodeURIComponent(id)}`);
  }, [detail, id, navigate, signedIn]);

  const outbound = useCallback(
    (url: string, surface: string) => {
      trackEvent(id, signedIn, 'outbound_click', { url: url.slice(0, 500), surface });
    },
    [id, signedIn],
  );

  const purchase = useCallback(
    (mode: 'add' | 'buy_now', pkg?: { name: string; cents: number | null; coverage?: 'retail' | 'pro' }) => {
      if (!detail) return;
      trackEvent(id, signedIn, mode === 'buy_now' ? 'purchase' : 'click', { action: mode, ...(pkg ? { package: pkg.name } : {}) });
      requestPurchase({
        serviceId: id,
        serviceName: title,
        mode,
        ...(pkg ? { packageName: pkg.name } : {}),
        ...(pkg?.cents != null ? { shownPriceCents: pkg.cents } : detail.service.displayed_price.cents != null ? { shownPriceCents: detail.service.displayed_price.cents } : {}),
        ...(pkg?.coverage ? { coverage: pkg.coverage } : {}),
      });
    },
    [detail, id, signedIn, title],
  );

  const click = useCallback((target: string) => trackEvent(id, signedIn, 'click', { target }), [id, signedIn]);

  return { openService, book, outbound, purchase, click };
}
