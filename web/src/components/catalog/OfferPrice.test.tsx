import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '../../lib/api/schema';
import { OfferPrice } from './OfferPrice';

type Card = components['schemas']['Card'];
const money = (c: number) => `$${c / 100}`;

// A monthly service whose card says $299/mo to members and $199/mo to Pro members, while its
// displayed_price (the co-pay headline of old) is $150: the suggestions once showed "$150".
const card = {
  price_suffix: '/mo',
  retail_price_cents: 29900,
  displayed_price: { kind: 'copay', cents: 15000 },
  offers: {
    member: { kind: 'retail', cents: 29900, retail_cents: null, pro_cents: 19900, copay_from_cents: null, savings_percent: 0 },
    pro: { kind: 'pro', cents: 19900, retail_cents: 29900, pro_cents: null, copay_from_cents: 15000, savings_percent: 33 },
  },
} as unknown as Card;

describe("issue 28 item 5: a suggestion's price is its card's, with period and label", () => {
  it('a member sees the retail price per month, labelled', () => {
    render(<OfferPrice card={card} isPro={false} money={money} />);
    expect(screen.getByText('Retail Price')).toBeInTheDocument();
    expect(screen.getByText('$299/mo')).toBeInTheDocument();
    expect(screen.queryByText(/\$150/)).toBeNull();
  });

  it('a Pro member sees the Circle Pro price per month, labelled', () => {
    render(<OfferPrice card={card} isPro money={money} />);
    expect(screen.getByText('Circle Pro Price')).toBeInTheDocument();
    expect(screen.getByText('$199/mo')).toBeInTheDocument();
  });

  it('a quote-only service says so instead of a number', () => {
    const quote = { ...card, price_suffix: '', offers: { member: { ...card.offers.member, kind: 'quote', cents: null }, pro: { ...card.offers.pro, kind: 'quote', cents: null } } } as Card;
    render(<OfferPrice card={quote} isPro={false} money={money} />);
    expect(screen.getByText('Contact for quote')).toBeInTheDocument();
  });
});
