import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE } from '../../lib/queryClient';

export type PartnerLink = components['schemas']['PartnerLinkView'];
export type PartnerShare = components['schemas']['PartnerShareView'];

/** GET /api/partner-payments (list-partner-shares): the caller's approved shares, each with its newest link. */
export function sharesQuery(enabled: boolean) {
  return {
    queryKey: ['partner-payments', 'shares'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/partner-payments', { signal })),
    enabled,
  };
}

/** POST /api/partner-payments (create-partner-payment-link): a new link (its address shown once); the list reloads. */
export function useCreateLink() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (coPayRequestId: string) => unwrap(api.POST('/api/partner-payments', { body: { co_pay_request_id: coPayRequestId } })),
    onSettled: () => qc.invalidateQueries({ queryKey: ['partner-payments', 'shares'] }),
  });
}

/** GET /api/partner-checkout/{token} (get-partner-payment-link): what the link asks. */
export function linkQuery(token: string) {
  return {
    queryKey: ['partner-payments', 'link', token] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/partner-checkout/{token}', { params: { path: { token } }, signal })),
    retry: false,
  };
}

/** GET /api/partner-payments/sessions/{session_id} (get-partner-payment-receipt). */
export function receiptQuery(sessionId: string) {
  return {
    queryKey: ['partner-payments', 'receipt', sessionId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(api.GET('/api/partner-payments/sessions/{session_id}', { params: { path: { session_id: sessionId } }, signal })),
    retry: false,
    enabled: sessionId !== '',
    // The payment event may land a moment after the redirect: ask again while it is being paid.
    refetchInterval: (q: { state: { data?: PartnerLink } }) => (q.state.data?.status === 'processing' ? 1500 : false),
  };
}

/** POST /api/partner-checkout/{token}/pay (pay-partner-payment-link): the payment page's address. */
export function usePayLink(token: string) {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (lang: 'en' | 'es' | 'fr') => unwrap(api.POST('/api/partner-checkout/{token}/pay', { params: { path: { token }, query: { lang } } })),
  });
}

/** The price of a link in its currency (whole dollars without cents). */
export function amountText(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}
