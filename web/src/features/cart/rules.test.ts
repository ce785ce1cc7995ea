import { describe, expect, it } from 'vitest';
import { pointsNeeded, pricingChoiceOptions, purchaseOptions } from './rules';

const prices = { retailCents: 12900, proCents: 9900, copayAllowed: true };
const agent = { signedIn: true, isPro: false, points: 0 };
const pro = { signedIn: true, isPro: true, points: 5000 };

const summary = (opts: ReturnType<typeof pricingChoiceOptions>) => opts.map((o) => `${o.id}:${o.enabled ? 'on' : o.reason}`);

describe('F-PAY-04 pricing-choice dialog role rules (02§4, 02§5)', () => {
  it('a non-Pro agent can pay retail; Pro price, co-pay and points are locked Pro Only', () => {
    expect(summary(pricingChoiceOptions(agent, prices))).toEqual(['retail:on', 'pro:proOnly', 'copay:proOnly', 'points:proOnly']);
  });

  it('a Pro member does not see Retail when there is a Pro price, and can pay the Pro price', () => {
    expect(summary(pricingChoiceOptions(pro, prices))).toEqual(['pro:on', 'copay:notEligible', 'points:notEligible']);
  });

  it('a Pro member sees Retail when the service has no Pro price', () => {
    const opts = pricingChoiceOptions(pro, { retailCents: 5000, proCents: null, copayAllowed: false });
    expect(summary(opts)).toEqual(['retail:on', 'points:notEligible']);
  });

  it('points need Pro, points above 0 and enough points (1 point per dollar, rounded up)', () => {
    expect(pointsNeeded(9901)).toBe(100);
    expect(summary(pricingChoiceOptions({ ...pro, points: 0 }, prices)).at(-1)).toBe('points:insufficientPoints');
    expect(summary(pricingChoiceOptions({ ...pro, points: 98 }, prices)).at(-1)).toBe('points:insufficientPoints');
    expect(summary(pricingChoiceOptions({ ...pro, points: 99 }, prices)).at(-1)).toBe('points:notEligible');
  });

  it('retail needs sign-in and a usable price; co-pay only shows for co-pay services', () => {
    expect(summary(pricingChoiceOptions({ signedIn: false, isPro: false, points: 0 }, { ...prices, copayAllowed: false }))).toEqual([
      'retail:signInRequired',
      'pro:proOnly',
      'points:proOnly',
    ]);
    expect(summary(pricingChoiceOptions(agent, { retailCents: 0, proCents: null, copayAllowed: false }))[0]).toBe('retail:noPrice');
  });
});

describe('F-PAY-04 purchase dialog (02§2)', () => {
  it('offers retail, pro or co-pay, default retail for non-Pro agents', () => {
    const r = purchaseOptions(agent, prices);
    expect(r.options.map((o) => o.id)).toEqual(['retail', 'pro', 'copay']);
    expect(r.initial).toBe('retail');
  });

  it('defaults to the Pro price for Pro members (Retail is hidden for them)', () => {
    const r = purchaseOptions(pro, prices);
    expect(r.options.map((o) => o.id)).toEqual(['pro', 'copay']);
    expect(r.initial).toBe('pro');
  });

  it('has no default when nothing can be bought', () => {
    expect(purchaseOptions(agent, { retailCents: null, proCents: null, copayAllowed: false }).initial).toBeNull();
  });
});
