const usd = (cents: number) => ({ cents, currency: 'USD', usd_cents: cents, display: `$${cents / 100}`, approximate: false });

/** A GET /api/billing answer for an active monthly Circle Pro member, with subscription fields and offers overridden. */
export function billingAnswer(over: Record<string, unknown> = {}, offers: Record<string, unknown> = { pause: false, discount: false, downgrade: false }) {
  return {
    subscription: {
      id: 'sub-1',
      plan: 'circle_pro',
      plan_name: 'Circle Pro',
      interval: 'month',
      seats: 1,
      status: 'active',
      amount: usd(9900),
      amount_cents: 9900,
      amount_usd_cents: 9900,
      currency: 'USD',
      cancel_at_period_end: false,
      current_period_end: '2026-12-25T18:00:00Z',
      current_period_start: '2026-11-25T18:00:00Z',
      discount_active: false,
      discount_percent: 0,
      discount_ends_at: null,
      resumes_at: null,
      paused_at: null,
      canceled_at: null,
      ended_at: null,
      created_at: '2026-11-25T18:00:00Z',
      grants_pro: true,
      next_charge: usd(9900),
      provider: 'builtin',
      ...over,
    },
    is_pro_member: true,
    invoices: [],
    offers,
    offer_history: [],
    savings_guarantee: null,
    plans: [],
    test_mode: true,
  };
}
