import { describe, expect, it } from 'vitest';
import { initialSelection, packagePrice, priceSuffix, visibleFeatures } from './packages';
import { packageOf } from './testFixtures';


describe('F-PAY-02 price suffix rules (02§4)', () => {
  it.each([
    ['monthly', false, 'mo'],
    ['per month', false, 'mo'],
    ['', false, 'mo'],
    ['annual', false, 'mo'],
    ['one time', false, 'one-time'],
    ['One-Time setup', false, 'one-time'],
    ['onetime', false, 'one-time'],
    ['paid once', false, 'one-time'],
    ['monthly', true, 'yr'],
    ['one time', true, 'yr'],
  ] as const)('%s (yearly %s) -> %s', (duration, yearly, want) => {
    expect(priceSuffix(duration, yearly)).toBe(want);
  });
});

describe('F-CAT-08 package cards', () => {
  it('the yearly toggle switches price and suffix when a yearly price exists', () => {
    const p = packageOf({ price_cents: 9900, original_price_cents: 12900, yearly_price_cents: 95000, yearly_original_price_cents: 118800 });
    expect(packagePrice(p, 'monthly')).toEqual({ cents: 9900, originalCents: 12900, suffix: 'mo' });
    expect(packagePrice(p, 'yearly')).toEqual({ cents: 95000, originalCents: 118800, suffix: 'yr' });
    expect(packagePrice(packageOf({ duration: 'one time' }), 'yearly')).toEqual({ cents: 10000, originalCents: null, suffix: 'one-time' });
  });
  it('shows 4 features, then all when expanded, with the hidden count', () => {
    const features = Array.from({ length: 7 }, (_, i) => ({ text: `f${i}`, included: true }));
    expect(visibleFeatures(features, false)).toMatchObject({ hidden: 3, canExpand: true });
    expect(visibleFeatures(features, false).shown.map((f) => f.text)).toEqual(['f0', 'f1', 'f2', 'f3']);
    expect(visibleFeatures(features, true).shown).toHaveLength(7);
    expect(visibleFeatures(features.slice(0, 4), false)).toMatchObject({ hidden: 0, canExpand: false });
    expect(visibleFeatures(null, false)).toMatchObject({ hidden: 0, canExpand: false, shown: [] });
  });
  it('selects the Most Popular package first, else the first', () => {
    expect(initialSelection([packageOf({ id: 'a' }), packageOf({ id: 'b', popular: true })])).toBe('b');
    expect(initialSelection([packageOf({ id: 'a' }), packageOf({ id: 'b' })])).toBe('a');
    expect(initialSelection([])).toBeNull();
  });
});
