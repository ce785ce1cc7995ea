import type { SubscriptionView } from './api';

const LIVE = new Set(['active', 'past_due', 'paused', 'incomplete']);

export type RenewalLine = { kind: 'resumes' | 'ends' | 'renews'; date: string; charge: SubscriptionView['next_charge'] };

/**
 * The one date line /billing shows for a membership, by the same rule as the built-in portal page
 * (internal/httpapi/checkout_page.go): paused shows when it resumes, cancel at period end shows when
 * it ends, any other live membership shows when it renews. A paused membership never also shows
 * "Renews": its period end is not a charge date while it is paused.
 */
export function renewalLine(
  sub: Pick<SubscriptionView, 'status' | 'resumes_at' | 'cancel_at_period_end' | 'current_period_end' | 'next_charge'>,
): RenewalLine | null {
  if (sub.status === 'paused' && sub.resumes_at) return { kind: 'resumes', date: sub.resumes_at, charge: null };
  if (!LIVE.has(sub.status) || !sub.current_period_end) return null;
  if (sub.cancel_at_period_end) return { kind: 'ends', date: sub.current_period_end, charge: null };
  return { kind: 'renews', date: sub.current_period_end, charge: sub.next_charge };
}
