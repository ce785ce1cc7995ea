import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { serveMarketplace } from './testServer';

let calls: URL[] = [];

beforeEach(() => {
  calls = serveMarketplace();
});

function phoneWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 767'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

// Issue 18 item 2: on a phone the filters open as a full-height sheet with Apply and a live result
// count; on a wider screen the inline panel closes on Escape.
describe('F-CAT-03 filters on a phone and on a desktop', { timeout: 20_000 }, () => {
  it('a phone opens a modal sheet: the live result count follows the filters, Apply closes it', async () => {
    phoneWidth(true);
    const { router } = await renderApp('/marketplace');
    await screen.findByTestId('services-list', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(within(sheet).getByRole('status')).toHaveTextContent('1 result');
    // The page behind leaves the accessibility tree.
    expect(screen.getByTestId('services-list').closest('[inert]')).not.toBeNull();
    await userEvent.click(await within(sheet).findByRole('checkbox', { name: 'Top Pick' }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.search).toContain('features=top_pick'));
    await waitFor(() => expect(within(sheet).getByRole('status')).toHaveTextContent('1 result'));
    expect(calls.some((u) => u.pathname === '/api/marketplace/services' && u.searchParams.getAll('features').includes('top_pick'))).toBe(true);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveFocus();
  });

  it('on a desktop the inline panel closes on Escape and focus returns to the Filters button', async () => {
    phoneWidth(false);
    await renderApp('/marketplace');
    await screen.findByTestId('services-list', {}, { timeout: 15_000 });
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    await userEvent.click(toggle);
    await screen.findByRole('checkbox', { name: 'Top Pick' }, { timeout: 15_000 });
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('checkbox', { name: 'Top Pick' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
