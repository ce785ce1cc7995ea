import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type Lender = components['schemas']['Lender'];
export type LenderList = components['schemas']['LenderList'];
export type CoPayOptions = components['schemas']['CoPayOptions'];
export type CoPayOption = components['schemas']['CoPayOption'];
export type { CreateCoPayBody } from '../../lib/api/create-copay-request';
export type LoanType = NonNullable<Lender['loan_types']>[number];
export type Lang = 'en' | 'es' | 'fr';

/** The loan types in the filter's order (the API's enum). */
export const LOAN_TYPES: readonly LoanType[] = ['conventional', 'fha', 'va', 'jumbo', 'renovation', 'non_qm'];

/** The rating choices of the filter, in tenths of a star. */
export const RATINGS = [40, 45] as const;

/** How many lenders the comparison holds (the server refuses a fourth too). */
export const MAX_COMPARE = 3;

export interface LenderFilters {
  state: string;
  loanType: LoanType | '';
  copay: boolean;
  minRating: number;
}

/** GET /api/lenders (list-lenders): the lenders matching the filters, filtered on the server. */
export function lendersQuery(f: LenderFilters, lang: Lang) {
  return queryOptions({
    queryKey: ['lenders', 'list', f.state, f.loanType, f.copay, f.minRating, lang],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/lenders', {
          params: {
            query: {
              state: f.state || undefined,
              loan_type: f.loanType || undefined,
              copay: f.copay || undefined,
              min_rating: f.minRating || undefined,
              lang,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/lenders/compare (compare-lenders): up to three lenders in the order asked. */
export function compareQuery(ids: readonly string[], lang: Lang) {
  return queryOptions({
    queryKey: ['lenders', 'compare', ids.join(','), lang],
    queryFn: ({ signal }) => unwrap(api.GET('/api/lenders/compare', { params: { query: { ids: ids.join(','), lang } }, signal })),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** GET /api/lenders/{id}/copay-options (lender-copay-options): what a Pro agent may ask this lender to cover. */
export function copayOptionsQuery(id: string, lang: Lang) {
  return queryOptions({
    queryKey: ['lenders', 'copay-options', id, lang],
    queryFn: ({ signal }) => unwrap(api.GET('/api/lenders/{id}/copay-options', { params: { path: { id }, query: { lang } }, signal })),
    retry: false,
  });
}

/** GET /api/copay/quote (copay-quote): the shares of another split, priced by the server. */
export function splitQuoteQuery(serviceId: string, vendorId: string, split: number, lang: Lang, enabled: boolean) {
  return queryOptions({
    queryKey: ['copay', 'quote', serviceId, '', false, vendorId, split, lang],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/copay/quote', { params: { query: { service_id: serviceId, vendor_id: vendorId, split, lang } }, signal })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/copay/requests (create-copay-request): the existing co-pay request; the cart changes. */
export { useCreateCoPayRequest as useRequestCoMarketing } from '../../lib/api/create-copay-request';

/** The filters and the comparison as the address keeps them (?state=TX&loan=va&copay=1&rating=45&compare=a,b). */
export function readParams(p: URLSearchParams): { filters: LenderFilters; compare: string[] } {
  const loan = p.get('loan') ?? '';
  const rating = Number(p.get('rating') ?? '0');
  const state = (p.get('state') ?? '').toUpperCase();
  return {
    filters: {
      state: /^[A-Z]{2}$/.test(state) ? state : '',
      loanType: (LOAN_TYPES as readonly string[]).includes(loan) ? (loan as LoanType) : '',
      copay: p.get('copay') === '1',
      minRating: (RATINGS as readonly number[]).includes(rating) ? rating : 0,
    },
    compare: (p.get('compare') ?? '')
      .split(',')
      .filter(Boolean)
      .slice(0, MAX_COMPARE),
  };
}

/** Writes the filters and the comparison back into the address's parameters. */
export function writeParams(filters: LenderFilters, compare: readonly string[], view: string | null): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.state) p.set('state', filters.state);
  if (filters.loanType) p.set('loan', filters.loanType);
  if (filters.copay) p.set('copay', '1');
  if (filters.minRating) p.set('rating', String(filters.minRating));
  if (compare.length) p.set('compare', compare.join(','));
  if (view) p.set('view', view);
  return p;
}
