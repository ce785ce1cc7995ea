import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { currentLanguage } from '../../lib/i18n';
import { SEND_ONCE } from '../../lib/queryClient';
import type { components } from '../../lib/api/schema';
import { sessionQueryKey } from '../../lib/session';

export type BillingView = ResponseBody<'/api/billing', 'get'>;
export type Plan = components['schemas']['Plan'];
export type SubscriptionView = components['schemas']['SubscriptionView'];
export type Availability = components['schemas']['Availability'];
export type Interval = components['schemas']['Plan']['interval'];

const billingQueryKey = ['billing'] as const;

export function billingQuery(signedIn: boolean) {
  return queryOptions({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/billing', { signal })),
    enabled: signedIn,
  });
}

/** /api/billing/plans is public: visitors see prices in USD, Canadian members in CAD. */
export function plansQuery(viewerKey: string) {
  return queryOptions({
    queryKey: ['billing', 'plans', viewerKey],
    queryFn: ({ signal }) => unwrap(api.GET('/api/billing/plans', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** The seat total of a plan in its currency's cents: primary seat plus extra seats. */
export function planTotalCents(plan: Pick<Plan, 'primary_seat' | 'extra_seat'>, seats: number): number {
  const n = Math.max(1, Math.floor(seats));
  return plan.primary_seat.cents + plan.extra_seat.cents * (n - 1);
}

/** check-subscription (03§7), refreshed after every change; then the billing view and the session. */
export async function refreshSubscription(queryClient: QueryClient): Promise<void> {
  try {
    const status = await unwrap(api.GET('/api/billing/check'));
    queryClient.setQueryData(['billing', 'check'], status);
  } finally {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingQueryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
  }
}

export type CancelReason =
  | 'too_expensive'
  | 'unused'
  | 'missing_features'
  | 'switched_service'
  | 'low_quality'
  | 'customer_service'
  | 'too_complex'
  | 'other';

export const CANCEL_REASONS: CancelReason[] = [
  'too_expensive',
  'unused',
  'missing_features',
  'switched_service',
  'low_quality',
  'customer_service',
  'too_complex',
  'other',
];

export const PAUSE_DAYS = 90;
export const DISCOUNT_PERCENT = 50;
export const DISCOUNT_MONTHS = 2;
export const DOWNGRADE_PERCENT = 30;

/** A change to the subscription; the server answers the new billing view. */
export type SubscriptionChange =
  | { kind: 'pause' | 'discount' | 'downgrade' | 'resume' }
  | { kind: 'cancel'; reason: CancelReason; feedback: string };

function changeSubscription(change: SubscriptionChange) {
  switch (change.kind) {
    case 'pause':
      return unwrap(api.POST('/api/billing/pause', { body: { pauseDays: PAUSE_DAYS } }));
    case 'discount':
      return unwrap(api.POST('/api/billing/discount', { body: { discountPercent: DISCOUNT_PERCENT, durationMonths: DISCOUNT_MONTHS } }));
    case 'downgrade':
      return unwrap(api.POST('/api/billing/downgrade', { body: { discountPercent: DOWNGRADE_PERCENT, isPermanent: false } }));
    case 'resume':
      return unwrap(api.POST('/api/billing/resume'));
    case 'cancel': {
      const feedback = change.feedback.trim();
      return unwrap(api.POST('/api/billing/cancel', { body: { reason: change.reason, ...(feedback ? { feedback } : {}) } }));
    }
  }
}

/**
 * Pauses, discounts, downgrades, cancels or resumes the subscription; the answer becomes the
 * cached billing view (the screen then runs refreshSubscription, 03§7).
 */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ ...SEND_ONCE, mutationFn: changeSubscription, onSuccess: (view) => queryClient.setQueryData(billingQueryKey, view) });
}

/** Opens the billing portal (POST /api/billing/portal answers its url). */
export function usePortalSession() {
  return useMutation({ ...SEND_ONCE, mutationFn: () => unwrap(api.POST('/api/billing/portal')) });
}

/** Starts a Circle Pro subscription (POST /api/billing/subscribe answers the payment page's url). */
export function useSubscribe() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: ({ interval, seats }: { interval: Interval; seats: number }) =>
      unwrap(
        api.POST('/api/billing/subscribe', {
          // The payment page in the language the member is reading.
          params: { query: { lang: currentLanguage() } },
          body: { interval, seats },
        }),
      ),
  });
}

/** A date in the user's language, e.g. "February 20, 2027". */
export function longDate(iso: string | Date | null | undefined, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(typeof iso === 'string' ? new Date(iso) : iso);
}
