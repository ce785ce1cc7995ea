import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { CircuitOpenError } from './circuitBreaker';
import { shouldShowIntro, INTRO_REPEAT_MS, type IntroContext } from './intro';
import { createModalGuard, MODAL_CLOSE_GUARD_MS } from '../../../lib/modalGuard';
import { cartPrice, showsStrikethrough, durationKey } from './pricing';
import { canRecover, claimRecovery, RECOVERY_MIN_GAP_MS } from './recovery';
import { retryDelay, shouldRetry, TimeoutError } from './retry';
import { claimOncePer, claimSponsored, claimView, SPONSORED_DEDUPE_MS, VIEW_DEDUPE_MS } from '../../../lib/tracking';

describe('F-CAT-06 retries with backoff (02§9)', () => {
  it('waits min(1000 x 2^n, 5000) ms', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
  it('retries twice, once after a timeout, never for an open circuit or a 4xx', () => {
    const e = new Error('x');
    expect([0, 1, 2].map((n) => shouldRetry(n, e))).toEqual([true, true, false]);
    expect([0, 1].map((n) => shouldRetry(n, new TimeoutError('services')))).toEqual([true, false]);
    expect(new TimeoutError('services').message).toBe('Request timed out: services');
    expect(shouldRetry(0, new CircuitOpenError())).toBe(false);
    expect(shouldRetry(0, new ApiError(422, null, 'bad'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, null, 'down'))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, null, 'slow'))).toBe(true);
  });
});

describe('F-CAT-13 tracking de-duplication in the session', () => {
  it('views: once per service within 15 minutes', () => {
    expect(claimView('a', 0)).toBe(true);
    expect(claimView('a', VIEW_DEDUPE_MS - 1)).toBe(false);
    expect(claimView('b', 10)).toBe(true);
    expect(claimView('a', VIEW_DEDUPE_MS)).toBe(true);
  });
  it('sponsored: once per 5 minutes per service, placement and event', () => {
    expect(claimSponsored('impression', 'top_deals', 'a', 0)).toBe(true);
    expect(claimSponsored('impression', 'top_deals', 'a', 1000)).toBe(false);
    expect(claimSponsored('click', 'top_deals', 'a', 1000)).toBe(true);
    expect(claimSponsored('impression', 'top_deals', 'a', SPONSORED_DEDUPE_MS)).toBe(true);
  });
  it('ignores a damaged store', () => {
    window.sessionStorage.setItem('k', 'not json');
    expect(claimOncePer('k', 'a', 1000, 0)).toBe(true);
  });
});

describe('F-ENG-10 intro dialog rule (03§2, 03§4)', () => {
  const base: IntroContext = {
    pathname: '/',
    viewer: 'signed-out',
    lastShownAt: null,
    now: 10 * INTRO_REPEAT_MS,
    variant: 'shown',
    automated: false,
    forced: false,
  };
  it('first visit of the home page by a visitor', () => {
    expect(shouldShowIntro(base)).toBe(true);
    expect(shouldShowIntro({ ...base, pathname: '/marketplace' })).toBe(false);
    expect(shouldShowIntro({ ...base, viewer: 'signed-in' })).toBe(false);
    expect(shouldShowIntro({ ...base, viewer: 'loading' })).toBe(false);
    expect(shouldShowIntro({ ...base, variant: 'holdout' })).toBe(false);
    expect(shouldShowIntro({ ...base, automated: true })).toBe(false);
    expect(shouldShowIntro({ ...base, automated: true, pathname: '/marketplace', forced: true })).toBe(true);
  });
  it('once per 90 days', () => {
    expect(shouldShowIntro({ ...base, lastShownAt: base.now - INTRO_REPEAT_MS + 1 })).toBe(false);
    expect(shouldShowIntro({ ...base, lastShownAt: base.now - INTRO_REPEAT_MS })).toBe(true);
  });
});

describe('F-CAT-07 modal-open guard (02§2)', () => {
  it('no second modal while one is open or within 100 ms of closing', () => {
    let t = 0;
    const g = createModalGuard(() => t);
    expect(g.tryOpen()).toBe(true);
    expect(g.tryOpen()).toBe(false);
    g.closed();
    t += MODAL_CLOSE_GUARD_MS - 1;
    expect(g.canOpen()).toBe(false);
    t += 1;
    expect(g.tryOpen()).toBe(true);
  });
});

describe('F-CAT-07 prices on cards (02§6, 02§9)', () => {
  const card = { is_verified: true, pro_price_cents: 9900, retail_price_cents: 12900 };
  it('Pro members pay the Pro price of verified services; others retail', () => {
    expect(cartPrice(card, true)).toEqual({ cents: 9900, packageName: 'Circle Pro' });
    expect(cartPrice(card, false)).toEqual({ cents: 12900, packageName: 'Standard' });
    expect(cartPrice({ ...card, is_verified: false }, true)).toEqual({ cents: 12900, packageName: 'Standard' });
    expect(cartPrice({ is_verified: false, pro_price_cents: null, retail_price_cents: null }, false).cents).toBe(0);
  });
  it('retail is struck through beside a lower Pro or co-pay price only', () => {
    expect(showsStrikethrough('pro', 9900, 12900)).toBe(true);
    expect(showsStrikethrough('copay', 5000, 12900)).toBe(true);
    expect(showsStrikethrough('retail', 12900, 12900)).toBe(false);
    expect(showsStrikethrough('pro', 12900, 12900)).toBe(false);
    expect(showsStrikethrough('quote', null, 100)).toBe(false);
  });
  it('duration labels', () => {
    expect(durationKey('monthly')).toBe('marketplace.price.duration.monthly');
    expect(durationKey('One time')).toBe('marketplace.price.duration.oneTime');
    expect(durationKey('6 weeks')).toBeNull();
  });
});

describe('F-CAT-06 auto-recovery at most once per 30 s (03§4)', () => {
  it('spaces recoveries by 30 s', () => {
    expect(canRecover(null, 0)).toBe(true);
    expect(canRecover(1000, 1000 + RECOVERY_MIN_GAP_MS - 1)).toBe(false);
    expect(canRecover(1000, 1000 + RECOVERY_MIN_GAP_MS)).toBe(true);
    expect(claimRecovery(5000)).toBe(true);
    expect(claimRecovery(6000)).toBe(false);
    expect(claimRecovery(5000 + RECOVERY_MIN_GAP_MS)).toBe(true);
  });
});
