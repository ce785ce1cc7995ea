import { screen, waitFor } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/cart';
import { renderScreen } from '../../test/render';
import VendorConsultationsPage from './VendorConsultationsPage';

const userEvent = userEventBase.setup({ delay: null });

afterEach(() => vi.unstubAllGlobals());

describe('issue 27 item 1: the vendor sets the booking window', () => {
  it('shows the window and saves another one', async () => {
    let weekdays = 20;
    const availability = () => ({ body: { vendor_id: 'ven-1', time_zone: 'America/Chicago', booking_window_weekdays: weekdays, blocked: [] } });
    const seen = fakeServer(true, {
      'GET /api/vendor/consultations': () => ({ body: { consultations: [] } }),
      'GET /api/vendor/consultations/availability': availability,
      'PUT /api/vendor/consultations/booking-window': (req) => {
        weekdays = (req.body as { booking_window_weekdays: number }).booking_window_weekdays;
        return availability();
      },
    });
    await renderScreen(<VendorConsultationsPage />);
    const select = await screen.findByLabelText('Bookings open ahead');
    expect(select).toHaveValue('20');
    expect(screen.getByRole('option', { name: '20 weekdays' })).toBeInTheDocument();
    await userEvent.selectOptions(select, '30');
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT' && r.path === '/api/vendor/consultations/booking-window')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ booking_window_weekdays: 30 });
    await waitFor(() => expect(screen.getByLabelText('Bookings open ahead')).toHaveValue('30'));
  });
});
