import { describe, expect, it } from 'vitest';
import { parseCents } from './accounting';

describe('parseCents (F-AREA-03 partial refunds)', () => {
  it('reads dollars as integer cents', () => {
    expect(parseCents('29.50')).toBe(2950);
    expect(parseCents('29.5')).toBe(2950);
    expect(parseCents(' 129 ')).toBe(12900);
    expect(parseCents('0,07')).toBe(7);
  });
  it('refuses what is not a positive amount of at most two decimals', () => {
    for (const bad of ['', '0', '0.00', '-1', '1.005', 'abc', '1e3']) expect(parseCents(bad)).toBeNull();
  });
});
