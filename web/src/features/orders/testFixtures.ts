import { money } from '../../test/cart';

/** A paid $129 order of 22 November 2026 as GET /api/orders lists it; its lines and receipt are each test's own. */
export function paidOrder<Item, Receipt>(items: Item[], receipt: Receipt) {
  return {
    id: 'ord-1',
    number: 'CIR-ABC123XYZ0',
    status: 'paid',
    currency: 'USD',
    created_at: '2026-11-22T10:00:00Z',
    paid_at: '2026-11-22T10:01:00Z',
    total: money(12900),
    savings: money(0),
    items,
    receipt,
  };
}
