import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { AGENT_PROFILE, fakeServer } from '../../test/cart';

const VENDOR = { ...AGENT_PROFILE, vendor_enabled: true, vendor_type: 'service_provider', display_name: 'Vera' };
const OVERVIEW = {
  month: '2026-11', from: '2026-11-01', to: '2026-11-29', vendors: [{ id: 'ven-closingbell', name: 'ClosingBell' }], services: 3,
  views: 1234, clicks: 210, cart_adds: 40, bookings: 7, purchases: 12, conversion: 0.0097, revenue_cents: 474000,
  pending_copay_requests: 2, upcoming_bookings: 5,
};

describe('F-AREA-01 /vendor-dashboard overview tab', { timeout: 30_000 }, () => {
  it('is the first tab and the default: this month, what waits, and links onward', async () => {
    fakeServer(true, { 'GET /api/auth/session': () => ({ body: { profile: VENDOR, session: {} } }), 'GET /api/vendor/overview': () => ({ body: OVERVIEW }) });
    await renderApp('/vendor-dashboard');
    expect(await screen.findByRole('heading', { name: 'This month: November 2026' }, { timeout: 10_000 })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs[0]).toHaveAccessibleName('Overview');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const month = screen.getByRole('heading', { name: 'This month: November 2026' }).closest('section')!;
    expect(within(month).getByText('1,234')).toBeInTheDocument();
    expect(within(month).getByText('$4,740.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open analytics' })).toHaveAttribute('href', '/vendor-analytics');
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/vendor-dashboard?tab=copay');
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/vendor-dashboard/consultations');
    expect(screen.getByText('Pending co-pay requests').parentElement).toHaveTextContent('2');
    expect(screen.getByText('Upcoming bookings').parentElement).toHaveTextContent('5');
  });
});
