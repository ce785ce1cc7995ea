import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { makeCard } from '../testData';
import { PriceBlock } from './PriceBlock';

const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;

const copayCard = makeCard({
  offers: {
    member: { kind: 'retail', cents: 20000, retail_cents: null, pro_cents: 15000, copay_from_cents: null, savings_percent: 0 },
    pro: { kind: 'pro', cents: 15000, retail_cents: 20000, pro_cents: null, copay_from_cents: 7500, savings_percent: 25 },
  },
});

describe('F-CAT-07 F-PAY-03 the card shows the price this viewer pays', () => {
  it('a visitor or member sees retail with "Pro $X" as the upsell and no co-pay', () => {
    render(<PriceBlock card={copayCard} money={money} isPro={false} />);
    expect(screen.getByText('Retail Price')).toBeInTheDocument();
    expect(screen.getByText('$200')).toBeInTheDocument();
    expect(screen.getByText('Pro $150/mo')).toBeInTheDocument();
    expect(screen.queryByText(/with co-pay/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('a Pro member sees the Pro price, retail struck through, the saving and "from $X with co-pay"', () => {
    const { container } = render(<PriceBlock card={copayCard} money={money} isPro />);
    expect(screen.getByText('Circle Pro Price')).toBeInTheDocument();
    expect(screen.getByText('$150')).toBeInTheDocument();
    expect(container.querySelector('s')?.textContent).toBe('Retail price $200');
    expect(screen.getByText('Save 25%')).toBeInTheDocument();
    expect(screen.getByText('from $75/mo with co-pay')).toBeInTheDocument();
    expect(screen.queryByText(/^Pro \$/)).not.toBeInTheDocument();
  });

  it('switches when the viewer becomes Pro, without new data (subscribing changes the card in place)', () => {
    const { rerender } = render(<PriceBlock card={copayCard} money={money} isPro={false} />);
    expect(screen.getByText('$200')).toBeInTheDocument();
    rerender(<PriceBlock card={copayCard} money={money} isPro />);
    expect(screen.getByText('$150')).toBeInTheDocument();
    expect(screen.queryByText('Pro $150/mo')).not.toBeInTheDocument();
  });

  it('a quote service asks for a quote for everyone', () => {
    const quote = makeCard({
      offers: {
        member: { kind: 'quote', cents: null, retail_cents: null, pro_cents: null, copay_from_cents: null, savings_percent: 0 },
        pro: { kind: 'quote', cents: null, retail_cents: null, pro_cents: null, copay_from_cents: null, savings_percent: 0 },
      },
    });
    render(<PriceBlock card={quote} money={money} isPro />);
    expect(screen.getByText('Custom Quote')).toBeInTheDocument();
    expect(screen.getByText('Contact for quote')).toBeInTheDocument();
  });
});

describe('F-CAT-03 a price sort shows the number it compared (issue 28 item 6)', () => {
  const oneTime = makeCard({
    price_suffix: '',
    sort_price: { monthly_cents: 20833, cents: 250000, period: 'one_time', months: 12 },
  });

  it('a one-time price is shown as its monthly equivalent over 12 months while a price sort is active', () => {
    render(<PriceBlock card={oneTime} money={money} isPro={false} showSortPrice />);
    expect(screen.getByTestId('sort-price')).toHaveTextContent('Sorted by retail: $208.33/mo ($2500 one-time over 12 months)');
  });

  it('a yearly and a monthly price say theirs', () => {
    const yearly = makeCard({ price_suffix: '/yr', sort_price: { monthly_cents: 12000, cents: 144000, period: 'year', months: 12 } });
    const { unmount } = render(<PriceBlock card={yearly} money={money} isPro showSortPrice />);
    expect(screen.getByTestId('sort-price')).toHaveTextContent('Sorted by retail: $120/mo ($1440/yr over 12 months)');
    unmount();
    const monthly = makeCard({ sort_price: { monthly_cents: 180000, cents: 180000, period: 'month', months: 1 } });
    render(<PriceBlock card={monthly} money={money} isPro={false} showSortPrice />);
    expect(screen.getByTestId('sort-price')).toHaveTextContent('Sorted by retail: $1800/mo');
  });

  it('no line without a price sort, nor on a quote card', () => {
    const { unmount } = render(<PriceBlock card={oneTime} money={money} isPro={false} />);
    expect(screen.queryByTestId('sort-price')).not.toBeInTheDocument();
    unmount();
    render(<PriceBlock card={makeCard({ sort_price: null })} money={money} isPro={false} showSortPrice />);
    expect(screen.queryByTestId('sort-price')).not.toBeInTheDocument();
  });
});
