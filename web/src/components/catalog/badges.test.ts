import { describe, expect, it } from 'vitest';
import { orderBadges, visibleBadges } from './badges';

describe('F-CAT-07 badges by priority (02§9)', () => {
  it('orders by priority and drops unknown ids and duplicates', () => {
    expect(orderBadges(['instant', 'trending', 'featured', 'nope', 'support_24_7', 'bestseller', 'top_pick', 'featured'])).toEqual([
      'featured',
      'top_pick',
      'trending',
      'bestseller',
      'support_24_7',
      'instant',
    ]);
    expect(orderBadges(null)).toEqual([]);
  });

  it('shows at most 2 on compact cards, 3 by default, all in details', () => {
    const all = ['instant', 'support_24_7', 'bestseller', 'trending', 'top_pick', 'featured'];
    expect(visibleBadges(all, 'compact')).toEqual(['featured', 'top_pick']);
    expect(visibleBadges(all, 'default')).toEqual(['featured', 'top_pick', 'trending']);
    expect(visibleBadges(all, 'full')).toHaveLength(6);
    expect(visibleBadges(['instant', 'bestseller'], 'compact')).toEqual(['bestseller', 'instant']);
  });
});
