import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from './api/get-config';
import { provisionalCurrency, useViewerCurrency } from './currency';
import { formatMoney } from './money';
import { useViewer } from './session';

/**
 * Formats US cents (the cards' amounts) for the viewer: their language, in the currency the server
 * decided for them (GET /api/currency: their USD/CAD choice, region and language), C$ approximate
 * at the admin rate.
 */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const viewer = useViewer();
  const { data: config } = useAppConfig();
  const server = useViewerCurrency();
  const currency = server?.currency ?? provisionalCurrency(viewer.profile?.state);
  const rate = server?.usd_to_cad_rate_e4 ?? config?.usd_to_cad_rate_e4 ?? 0;
  const language = i18n.language;
  // Without a known rate, show dollars rather than a wrong conversion.
  const shown = currency === 'CAD' && rate > 0 ? 'CAD' : 'USD';
  // The rate matters only in Canadian dollars: a dollar viewer's formatter keeps its identity when
  // the config arrives, so the cards that take it do not render again.
  const shownRate = shown === 'CAD' ? rate : 0;
  return useCallback(
    (cents: number) => formatMoney(cents, { language, currency: shown, usdToCadRateE4: shownRate }),
    [language, shown, shownRate],
  );
}
