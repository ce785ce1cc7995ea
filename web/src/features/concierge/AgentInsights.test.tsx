import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartOf, fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';
import type { Market, Recommendations } from './api';

const RECS: Recommendations = {
  personal: true,
  state: 'TX',
  services: [
    {
      service_id: 'svc-listingloop-drone',
      title: 'Drone Aerial Photo & Video',
      category: 'Photography',
      vendor_name: 'ListingLoop Media',
      image_url: '/demo/drone.svg',
      price: '$349',
      rating: 4.7,
      review_count: 12,
      url: '/marketplace?service=svc-listingloop-drone&view=details',
      reasons: [
        { key: 'saved_category', params: { category: 'Photography' } },
        { key: 'popular_in_state', params: { state: 'TX', count: '3' } },
      ],
    },
  ],
};

const MARKET: Market = {
  state: 'TX',
  window_days: 90,
  generated_at: '2026-11-29T00:00:00Z',
  categories: [
    { category: 'Photography', services: 4, purchases_in_state: 3, purchases_all: 9, median_monthly_cents: 2_500, copay_share: 50 },
    { category: 'CRM', services: 2, purchases_in_state: 0, purchases_all: 5, median_monthly_cents: null, copay_share: 0 },
  ],
};

// F-AI-04 (issue 29 item 5): /ai-dashboard shows the signed-in agent's recommendations with their
// reasons and their state's market; a visitor is asked to sign in; a failed read says the spec's
// message.
describe('F-AI-04 recommendations and market on /ai-dashboard', { timeout: 30_000 }, () => {
  it('shows picks with their reasons and the market table, and another state on demand', async () => {
    const seen = fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/concierge/recommendations': () => ({ body: RECS }),
      'GET /api/concierge/market': (s) => ({ body: { ...MARKET, state: new URLSearchParams(s.search).get('state') ?? 'TX' } }),
    });
    await renderApp('/ai-dashboard');
    const recs = await screen.findByRole('region', { name: 'Recommended for you' }, { timeout: 5000 });
    const card = await within(recs).findByTestId('recommendation');
    expect(within(card).getByRole('link', { name: 'Drone Aerial Photo & Video' })).toHaveAttribute('href', '/marketplace?service=svc-listingloop-drone&view=details');
    expect(within(card).getByText('You saved a Photography service')).toBeInTheDocument();
    expect(within(card).getByText('Bought 3 times by agents in TX (90 days)')).toBeInTheDocument();
    expect(within(card).getByText('$349')).toBeInTheDocument();
    const market = screen.getByRole('region', { name: 'Your market' });
    const table = await within(market).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Bought in TX' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Photography/ });
    expect(row).toHaveTextContent('$25/mo');
    expect(row).toHaveTextContent('50%');
    await userEvent.selectOptions(within(market).getByRole('combobox', { name: 'State or province' }), 'FL');
    expect(await within(market).findByRole('columnheader', { name: 'Bought in FL' })).toBeInTheDocument();
    expect(seen.some((s) => s.path === '/api/concierge/market' && s.search === '?state=FL')).toBe(true);
  });

  it('asks a visitor to sign in and reads nothing', async () => {
    const seen = fakeServer(false);
    await renderApp('/ai-dashboard');
    const heading = await screen.findByRole('heading', { name: 'Authentication Required' }, { timeout: 5000 });
    const box = heading.closest('section') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fai-dashboard');
    expect(seen.some((s) => s.path.startsWith('/api/concierge/recommendations'))).toBe(false);
  });

  it("says the spec's message when the recommendations fail", async () => {
    fakeServer(true, {
      'GET /api/cart': () => ({ body: cartOf([]) }),
      'GET /api/concierge/recommendations': () => ({ status: 500, body: { code: 'internal', message: 'boom' } }),
      'GET /api/concierge/market': () => ({ body: MARKET }),
    });
    await renderApp('/ai-dashboard');
    const recs = await screen.findByRole('region', { name: 'Recommended for you' }, { timeout: 5000 });
    const alert = await within(recs).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('AI Service Error');
    expect(alert).toHaveTextContent('Failed to get AI recommendation. Please try again.');
  });
});
