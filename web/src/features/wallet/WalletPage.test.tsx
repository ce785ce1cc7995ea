import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer, PENDING } from '../../test/cart';

const day = 24 * 60 * 60 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

const SUMMARY = {
  total_available_points: 2500,
  total_dollar_value_cents: 250000,
  allocations: [
    { id: 'al-1', vendor_id: 'ven-closingbell', vendor_name: 'ClosingBell', points: 1200, remaining_points: 1000, start_date: iso(-30), end_date: iso(20), status: 'active', usable: true, upcoming: false, created_at: iso(-30) },
    { id: 'al-2', vendor_id: 'ven-harborline', vendor_name: 'Harborline Home Loans', points: 1500, remaining_points: 1500, start_date: iso(-60), end_date: iso(120), status: 'active', usable: true, upcoming: false, created_at: iso(-60) },
    { id: 'al-0', vendor_id: 'ven-harborline', vendor_name: 'Harborline Home Loans', points: 300, remaining_points: 0, start_date: iso(-150), end_date: iso(-10), status: 'expired', usable: false, upcoming: false, created_at: iso(-150) },
  ],
};
const ENTRIES = [
  { id: 'e-5', delta_points: -300, reason: 'expiry', allocation_id: 'al-0', vendor_name: 'Harborline Home Loans', created_at: iso(-10) },
  { id: 'e-4', delta_points: 100, reason: 'reversal', allocation_id: 'al-2', vendor_name: 'Harborline Home Loans', created_at: iso(-12) },
  { id: 'e-3', delta_points: -200, reason: 'spend', allocation_id: 'al-1', vendor_name: 'ClosingBell', created_at: iso(-21) },
  { id: 'e-2', delta_points: 1200, reason: 'allocation', allocation_id: 'al-1', vendor_name: 'ClosingBell', created_at: iso(-30) },
  { id: 'e-1', delta_points: 50, reason: 'some_future_reason', created_at: iso(-40) },
];

describe('F-PAY-07 /wallet', { timeout: 20_000 }, () => {
  it('shows the balance with its dollar value, each allocation with what is left and its expiry, and the history with reasons', async () => {
    const seen = fakeServer(true, {
      'GET /api/points/summary': () => ({ body: SUMMARY }),
      'GET /api/points/history': () => ({ body: { entries: ENTRIES } }),
    });
    await renderApp('/wallet');
    const balance = await screen.findByRole('region', { name: 'Available points' }, { timeout: 5000 });
    expect(within(balance).getByText('2,500 points')).toBeInTheDocument();
    expect(within(balance).getByText('Worth $2,500 in the marketplace (1 point = $1)')).toBeInTheDocument();

    const allocations = within(screen.getByRole('region', { name: 'Allocations' })).getAllByRole('listitem');
    expect(allocations).toHaveLength(3);
    expect(allocations[0]).toHaveTextContent('ClosingBell');
    expect(allocations[0]).toHaveTextContent('1,000 points');
    expect(allocations[0]).toHaveTextContent('left of 1,200');
    expect(allocations[0]).toHaveTextContent(/Expires /);
    expect(allocations[2]).toHaveTextContent(/Expired /);
    expect(allocations[2]).toHaveTextContent('0 points');

    const rows = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'Points expired',
      'Refunded to your wallet',
      'Spent on a purchase',
      'Points from ClosingBell',
      'Adjustment',
    ]);
    expect(rows[0]).toHaveTextContent('Removed −300');
    expect(rows[1]).toHaveTextContent('Added +100');
    expect(seen.some((r) => r.path === '/api/points/summary')).toBe(true);
  });

  it('says what is missing when the wallet is empty', async () => {
    fakeServer(true, {
      'GET /api/points/summary': () => ({ body: { total_available_points: 0, total_dollar_value_cents: 0, allocations: [] } }),
      'GET /api/points/history': () => ({ body: { entries: [] } }),
    });
    await renderApp('/wallet');
    expect(await screen.findByText('No points yet. Points vendors allocate to you and points you earn appear here.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('0 points')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute('href', '/marketplace');
  });

  it('shows an error with a retry that loads the wallet again', async () => {
    let fail = true;
    fakeServer(true, {
      'GET /api/points/summary': () => (fail ? { status: 500, body: { code: 'internal', message: 'boom' } } : { body: SUMMARY }),
      'GET /api/points/history': () => ({ body: { entries: ENTRIES } }),
    });
    await renderApp('/wallet');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your wallet could not be loaded. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2,500 points', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    fakeServer(true, {
      'GET /api/points/summary': () => PENDING,
      'GET /api/points/history': () => PENDING,
    });
    await renderApp('/wallet');
    expect(await screen.findByLabelText('Loading your wallet', {}, { timeout: 5000 })).toHaveAttribute('aria-busy', 'true');
  });
});
