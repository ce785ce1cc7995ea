import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { AGENT_PROFILE, fakeServer } from '../../test/cart';
import { csvHref } from './api';
import { filtersFrom, paramsOf, rangeProblem } from './filters';

const VENDOR = { ...AGENT_PROFILE, vendor_enabled: true, vendor_type: 'service_provider', display_name: 'Vera' };
const session = () => ({ body: { profile: VENDOR, session: {} } });
const zero = { views: 0, clicks: 0, cart_adds: 0, bookings: 0, purchases: 0, conversion: 0, revenue_cents: 0 };
const m = (views: number, purchases: number, revenue: number) => ({ ...zero, views, clicks: 2, cart_adds: 1, bookings: 1, purchases, revenue_cents: revenue, conversion: views ? purchases / views : 0 });
const REPORT = {
  from: '2026-11-01',
  to: '2026-11-14',
  bucket: 'week',
  service_id: '',
  vendors: [{ id: 'ven-closingbell', name: 'ClosingBell' }],
  services: [
    { id: 'svc-tc', title: 'Transaction Coordination', vendor_id: 'ven-closingbell', vendor_name: 'ClosingBell', active: true, ...m(40, 2, 79000) },
    { id: 'svc-list', title: 'Listing Coordination', vendor_id: 'ven-closingbell', vendor_name: 'ClosingBell', active: false, ...m(10, 0, 0) },
  ],
  series: [
    { start: '2026-11-01', end: '2026-11-01', ...m(5, 0, 0) },
    { start: '2026-11-02', end: '2026-11-08', ...m(25, 1, 39500) },
    { start: '2026-11-09', end: '2026-11-14', ...m(20, 1, 39500) },
  ],
  total: { ...m(50, 2, 79000), clicks: 6, cart_adds: 3, bookings: 3 },
};

describe('F-AREA-01 /vendor-analytics', { timeout: 30_000 }, () => {
  it('keeps the range, bucket and service in the URL and asks the server with them', () => {
    const f = filtersFrom(new URLSearchParams('from=2026-11-01&to=2026-11-14&bucket=week&service=svc-tc'));
    expect(f).toEqual({ from: '2026-11-01', to: '2026-11-14', bucket: 'week', service: 'svc-tc' });
    expect(paramsOf(f).toString()).toBe('from=2026-11-01&to=2026-11-14&bucket=week&service=svc-tc');
    expect(filtersFrom(new URLSearchParams('from=yesterday&bucket=year'))).toEqual({ from: '', to: '', bucket: 'day', service: '' });
    expect(csvHref(f)).toBe('/api/vendor/analytics/csv?from=2026-11-01&to=2026-11-14&bucket=week&service_id=svc-tc');
  });

  it('checks the range as the server does', () => {
    expect(rangeProblem('2026-11-02', '2026-11-01')).toEqual({ field: 'from', key: 'vendorAnalytics.errors.order' });
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')).toEqual({ field: 'to', key: 'vendorAnalytics.errors.tooLong' });
    expect(rangeProblem('', '2026-01-02')).toBeNull();
  });

  it('shows the totals, a data table beside each chart and the per-service table; a service row filters by it', async () => {
    const seen = fakeServer(true, { 'GET /api/auth/session': session, 'GET /api/vendor/analytics': () => ({ body: REPORT }) });
    await renderApp('/vendor-analytics?from=2026-11-01&to=2026-11-14&bucket=week');
    expect(await screen.findByRole('heading', { level: 2, name: '2026-11-01 to 2026-11-14' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/vendor/analytics')?.search).toBe('?from=2026-11-01&to=2026-11-14&bucket=week');
    const totals = screen.getByRole('heading', { name: '2026-11-01 to 2026-11-14' }).closest('section')!;
    expect(within(totals).getByText('$790.00')).toBeInTheDocument();
    expect(within(totals).getByText('4.0%')).toBeInTheDocument();
    const traffic = screen.getByRole('table', { name: 'Data of the chart: Views, clicks, add-to-carts and bookings' });
    expect(within(traffic).getAllByRole('row')).toHaveLength(4);
    expect(within(traffic).getByRole('rowheader', { name: '2026-11-02 – 2026-11-08' })).toBeInTheDocument();
    const sales = screen.getByRole('table', { name: 'Data of the chart: Purchases and revenue' });
    expect(within(sales).getAllByText('$395.00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/vendor/analytics/csv?from=2026-11-01&to=2026-11-14&bucket=week');
    const byService = screen.getByRole('table', { name: 'By service' });
    expect(within(byService).getByText('Inactive')).toBeInTheDocument();
    await userEvent.setup().click(within(byService).getByRole('link', { name: 'Transaction Coordination' }));
    await waitFor(() => expect(seen.filter((s) => s.path === '/api/vendor/analytics').at(-1)?.search).toBe('?from=2026-11-01&to=2026-11-14&bucket=week&service_id=svc-tc'));
  });

  it('refuses a start after the end before asking, and says so by the field', async () => {
    const seen = fakeServer(true, { 'GET /api/auth/session': session, 'GET /api/vendor/analytics': () => ({ body: REPORT }) });
    await renderApp('/vendor-analytics');
    await screen.findByRole('heading', { level: 2, name: '2026-11-01 to 2026-11-14' }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-10');
    const before = seen.length;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(seen.slice(before).some((s) => s.path === '/api/vendor/analytics')).toBe(false);
  });

  it('has an empty state for a vendor without services', async () => {
    fakeServer(true, { 'GET /api/auth/session': session, 'GET /api/vendor/analytics': () => ({ body: { ...REPORT, services: [], series: [], total: zero } }) });
    await renderApp('/vendor-analytics');
    expect(await screen.findByRole('heading', { name: 'No services yet' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a service' })).toHaveAttribute('href', '/vendor-dashboard?tab=services');
  });
});
