import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { serveMarketplace } from './testServer';

let calls: URL[] = [];

beforeEach(() => {
  calls = serveMarketplace();
});

// Issue 18 item 8c: the panel offered Featured and Featured Service, Co-pay allowed, Co-pay
// eligible and Co-Pay Available, and a second Clear all filters under the active-filter chips.
describe('F-CAT-03 the filter panel says each thing once (03§2, 03§9)', { timeout: 20_000 }, () => {
  it('the five features of 03§9, verified vendors and the co-pay eligible rule; one Clear all', async () => {
    await renderApp('/marketplace?features=top_pick');
    await screen.findByTestId('services-list', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await screen.findByRole('checkbox', { name: 'Featured Service' }, { timeout: 5000 });
    const labels = screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(labels).toEqual([
      'Verified vendors',
      'Co-pay eligible types (ads, mailers, education, co-branding)',
      'Co-Pay Available',
      'Instant Quote',
      'Featured Service',
      'Top Pick',
      'Pro Member Discount',
    ]);
    expect(screen.getAllByRole('button', { name: 'Clear all filters' })).toHaveLength(1);
  });

  it('old links with featured=1 and copay=1 are the Featured Service and Co-Pay Available features', async () => {
    const { router } = await renderApp('/marketplace?featured=1&copay=1');
    await screen.findByTestId('services-list', {}, { timeout: 5000 });
    const search = calls.find((u) => u.pathname === '/api/marketplace/services');
    expect(search?.searchParams.getAll('features')).toEqual(['copay', 'featured']);
    expect(search?.searchParams.get('featured')).toBeNull();
    expect(search?.searchParams.get('copay')).toBeNull();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['Featured Service', 'Co-Pay Available', 'Clear all filters']);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Featured Service' }));
    await waitFor(() => expect(router.state.location.search).toBe('?features=copay'));
  });
});
