/**
 * The viewer's currency (spec 01§9, 03§9; F-APP-06; docs/decisions.md "Currency switch"). The
 * server decides every price: GET /api/currency answers the viewer's choice (auto, USD or CAD; a
 * member's from the profile, a visitor's from the circle_currency cookie), the currency it gives
 * and the admin-set rate; PUT /api/currency changes it. The web app never converts on its own
 * rule: it shows the server's amounts, and the cards' US cents in the currency named here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from './api/client';
import { readPageData } from './pageData';
import { currencyForRegion, type Currency } from './money';
import { SEND_ONCE } from './queryClient';
import { useViewer } from './session';

export type CurrencyView = ResponseBody<'/api/currency', 'get'>;
export type CurrencyChoice = CurrencyView['choice'];

export const CURRENCY_CHOICES: readonly CurrencyChoice[] = ['auto', 'USD', 'CAD'];

export function isCurrencyChoice(v: unknown): v is CurrencyChoice {
  return v === 'auto' || v === 'USD' || v === 'CAD';
}

/** The id of the script element holding the currency of a server-rendered first screen (internal/httpapi/first_screen_money.go). */
export const PAGE_CURRENCY_ID = 'circle-currency';

let pageCurrencyTaken = false;

/**
 * The visitor's currency a server-rendered / or /marketplace carries: what GET /api/currency
 * answers them, the currency the first screen's prices are in. Taken once (a visitor's first
 * currency query) and only in the page's language (French on auto is CAD), so the app's first
 * render prices the cards as the server did and a Canadian visitor sees no price change.
 */
export function takePageCurrency(doc: Document = document): CurrencyView | undefined {
  if (pageCurrencyTaken) return undefined;
  pageCurrencyTaken = true;
  const view = readPageData(PAGE_CURRENCY_ID, doc) as CurrencyView | null | undefined;
  const known = isCurrencyChoice(view?.choice) && (view.currency === 'USD' || view.currency === 'CAD') && Number.isInteger(view.usd_to_cad_rate_e4);
  return known ? view : undefined;
}

/** Lets a test read the page's currency again. */
export function resetPageCurrencyForTests(): void {
  pageCurrencyTaken = false;
}

/** The query of the viewer's currency; keyed by who is signed in (a visitor is ""). */
export function currencyQuery(userId: string) {
  return queryOptions({
    queryKey: ['currency', userId] as const,
    queryFn: () => unwrap(api.GET('/api/currency', { cache: 'no-store' })),
    // A visitor's page may carry the answer already (takePageCurrency); it is as fresh as the page.
    initialData: () => (userId === '' ? takePageCurrency() : undefined),
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 5 * 60 * 1000,
  });
}

/** The viewer's currency as the server decides it; undefined while it loads. */
export function useViewerCurrency(): CurrencyView | undefined {
  const viewer = useViewer();
  const userId = viewer.profile?.user_id ?? '';
  const { data } = useQuery({ ...currencyQuery(userId), enabled: viewer.status !== 'loading' });
  return data;
}

/**
 * The currency to show before the server has answered: the profile's region (a Canadian member
 * sees C$ at once, as before the switch existed), else USD. The server's answer replaces it.
 */
export function provisionalCurrency(state: string | null | undefined): Currency {
  return currencyForRegion(state);
}

/**
 * PUT /api/currency: stores the choice (profile and cookie) and refetches every price on screen,
 * since cards, service pages, the cart and checkout all price in the new currency.
 */
export function useSetCurrency() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const userId = viewer.profile?.user_id ?? '';
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (choice: CurrencyChoice) => unwrap(api.PUT('/api/currency', { body: { choice } })),
    onSuccess: (next) => {
      queryClient.setQueryData(currencyQuery(userId).queryKey, next);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'currency' && q.queryKey[0] !== 'app-config' });
    },
  });
}
