import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FunnelContent } from '../model/types';
import { FunnelPackageCards, UrgencyBanner } from './FunnelExtras';

const base = { headline: 'h', packages: [], urgency: undefined } as unknown as FunnelContent;

describe('F-ENG-05 the funnel editor\'s package cards and urgency on the service page', () => {
  it('shows the urgency message only when the vendor turned it on', () => {
    const { rerender } = render(<UrgencyBanner funnel={{ ...base, urgency: { enabled: false, message: 'Only 3 spots left' } }} />);
    expect(screen.queryByTestId('funnel-urgency')).toBeNull();
    rerender(<UrgencyBanner funnel={{ ...base, urgency: { enabled: true, message: 'Only 3 spots left' } }} />);
    expect(screen.getByTestId('funnel-urgency')).toHaveTextContent('Only 3 spots left');
  });

  it('lists the package cards with features and Most Popular, without a price of their own', () => {
    const funnel = {
      ...base,
      packages: [
        { id: 'p1', name: 'Starter', description: 'One listing', priceCents: 29900, features: ['Photos'], popular: false },
        { id: 'p2', name: 'Growth', description: 'Five listings', priceCents: 99900, features: ['Photos', 'Video'], popular: true },
      ],
    } as unknown as FunnelContent;
    render(<FunnelPackageCards funnel={funnel} id="svc-1" />);
    const list = screen.getByTestId('funnel-packages');
    const cards = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(['Starter', 'Growth']);
    expect(within(list).getAllByText('Most Popular')).toHaveLength(1);
    expect(within(list).getByText('Video')).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/\$|299|999/);
  });

  it('shows nothing for a funnel without package cards', () => {
    const { container } = render(<FunnelPackageCards funnel={base} id="svc-1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
