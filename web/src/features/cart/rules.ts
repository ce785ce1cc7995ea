/**
 * Role rules of the pricing-choice dialog and the purchase dialog (02§2, 02§4, 02§5):
 * - Pay Retail Price needs sign-in; the Retail option is shown only to non-Pro members (and to
 *   Pro members when the service has no Pro price).
 * - Pay Circle Pro Price needs Pro; non-members see it locked with Pro Only.
 * - Get Vendor Help (Co-Pay) needs Pro and a co-pay-eligible service; it opens the vendor picker,
 *   which arrives with the co-pay feature (F-PAY-05): until then it is shown but not eligible.
 * - Pay with Agent Points needs Pro, points above 0 and enough points (1 point = US$1, rounded
 *   up); non-members see 1000+ Points. Points payment arrives with the wallet (F-PAY-07).
 */

export type ChoiceId = 'retail' | 'pro' | 'copay' | 'points';
export type LockReason = 'signInRequired' | 'proOnly' | 'notEligible' | 'insufficientPoints' | 'noPrice';

export interface ChoiceViewer {
  signedIn: boolean;
  isPro: boolean;
  points: number;
}

export interface ChoicePrices {
  retailCents: number | null;
  proCents: number | null;
  copayAllowed: boolean;
}

export interface ChoiceOption {
  id: ChoiceId;
  priceCents: number | null;
  enabled: boolean;
  reason?: LockReason;
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && n > 0;

/** Points needed to pay a price: one point per dollar, rounded up. */
export function pointsNeeded(cents: number): number {
  return Math.ceil(cents / 100);
}

/** The options of the pricing-choice dialog, in the spec's order, hidden ones left out. */
export function pricingChoiceOptions(viewer: ChoiceViewer, prices: ChoicePrices): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  const hasPro = positive(prices.proCents);
  if (!viewer.isPro || !hasPro) {
    if (!viewer.signedIn) out.push({ id: 'retail', priceCents: prices.retailCents, enabled: false, reason: 'signInRequired' });
    else if (!positive(prices.retailCents)) out.push({ id: 'retail', priceCents: prices.retailCents, enabled: false, reason: 'noPrice' });
    else out.push({ id: 'retail', priceCents: prices.retailCents, enabled: true });
  }
  if (hasPro) {
    out.push(
      viewer.signedIn && viewer.isPro
        ? { id: 'pro', priceCents: prices.proCents, enabled: true }
        : { id: 'pro', priceCents: prices.proCents, enabled: false, reason: 'proOnly' },
    );
  }
  if (prices.copayAllowed) {
    out.push({ id: 'copay', priceCents: null, enabled: false, reason: viewer.isPro ? 'notEligible' : 'proOnly' });
  }
  const pointsPrice = hasPro && viewer.isPro ? prices.proCents : prices.retailCents;
  if (!viewer.isPro) {
    out.push({ id: 'points', priceCents: pointsPrice, enabled: false, reason: 'proOnly' });
  } else if (!positive(pointsPrice) || viewer.points <= 0 || viewer.points < pointsNeeded(pointsPrice)) {
    out.push({ id: 'points', priceCents: pointsPrice, enabled: false, reason: 'insufficientPoints' });
  } else {
    out.push({ id: 'points', priceCents: pointsPrice, enabled: false, reason: 'notEligible' });
  }
  return out;
}

/** The purchase dialog's options (retail, pro, copay) and its default choice. */
export function purchaseOptions(viewer: ChoiceViewer, prices: ChoicePrices): { options: ChoiceOption[]; initial: ChoiceId | null } {
  const options = pricingChoiceOptions(viewer, prices).filter((o) => o.id !== 'points');
  const initial = options.find((o) => o.id === 'retail' && o.enabled) ?? options.find((o) => o.enabled);
  return { options, initial: initial?.id ?? null };
}
