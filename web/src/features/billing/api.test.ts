import { describe, expect, it } from 'vitest';
import { formatCents } from '../../lib/money';
import { planTotalCents } from './api';
import { BACK, offerEnabled, pauseResumeDate } from './SubscriptionDialog';

const money = (cents: number) => ({ cents, currency: 'USD' as const, display: '', approximate: false, usd_cents: cents });

describe('F-PAY-09 Circle Pro prices (03§9)', () => {
  it('$99/month for the primary seat and $49/month for each extra seat', () => {
    const plan = { primary_seat: money(9900), extra_seat: money(4900) };
    expect(planTotalCents(plan, 1)).toBe(9900);
    expect(planTotalCents(plan, 3)).toBe(9900 + 2 * 4900);
    expect(planTotalCents(plan, 0)).toBe(9900);
    expect(formatCents(planTotalCents(plan, 3), { language: 'en', currency: 'USD' })).toBe('$197');
  });

  it('whole units, C$ for Canadian amounts, fr-CA formatting in French', () => {
    expect(formatCents(136600, { language: 'en', currency: 'CAD', approximate: true })).toBe('≈ C$1,366');
    expect(formatCents(9900, { language: 'fr', currency: 'USD' }).replace(/\s/g, ' ')).toBe('99 $');
  });
});

describe('F-PAY-10 subscription dialog steps (03§2)', () => {
  it('Back returns to the previous step; cancel comes after the survey', () => {
    expect(BACK.pause).toBe('menu');
    expect(BACK.survey).toBe('menu');
    expect(BACK.cancel).toBe('survey');
  });

  it('offers follow the server availability (they never stack)', () => {
    const offers = { pause: false, discount: true, downgrade: false, reason: 'discount_active' as const };
    expect(offerEnabled(offers, 'discount')).toBe(true);
    expect(offerEnabled(offers, 'pause')).toBe(false);
    expect(offerEnabled(undefined, 'pause')).toBe(false);
  });

  it('a pause resumes 90 days later', () => {
    expect(pauseResumeDate(new Date(2026, 0, 1)).toDateString()).toBe(new Date(2026, 3, 1).toDateString());
  });
});
