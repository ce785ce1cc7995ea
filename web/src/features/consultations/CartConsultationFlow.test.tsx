import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import { cartOf, fakeServer, line } from '../../test/cart';
import { CartConsultationFlow, flowPercent } from './CartConsultationFlow';

const userEvent = userEventBase.setup({ delay: null });

const calendar = {
  service_id: 'svc-q',
  service_title: 'Client Moving Concierge',
  vendor_name: 'Hearthstone',
  booking_type: 'internal',
  time_zone: 'America/Chicago',
  vendor_time_zone: 'America/Chicago',
  days: [
    {
      date: '2027-03-16',
      available: true,
      slots: [{ time: '10:00 AM', starts_at: '2027-03-16T15:00:00Z', available: true, reason: '' }],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

async function renderFlow(onFinish = vi.fn()) {
  const seen = fakeServer(true, {
    'GET /api/consultations/calendar': () => ({ body: calendar }),
    'POST /api/consultations': () => ({ status: 201, body: { id: 'bk-1', service_title: 'Client Moving Concierge', scheduled_date: '2027-03-16', scheduled_time: '10:00 AM' } }),
    'PUT /api/cart/items/line-q/consultation': () => ({ body: cartOf([line({ id: 'line-q', requires_consultation: true, consultation_booked: true })]) }),
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const next = vi.fn();
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <CartConsultationFlow
          items={[{ id: 'line-q', service_id: 'svc-q', title: 'Client Moving Concierge', vendor: 'Hearthstone' }]}
          onClose={vi.fn()}
          onFinish={onFinish}
          renderCourse={(bookingId, go) => (
            <button
              type="button"
              onClick={() => {
                next(bookingId);
                go();
              }}
            >
              course {bookingId}
            </button>
          )}
        />
      </QueryClientProvider>,
    );
  });
  return { seen, next, onFinish };
}

describe('F-ENG-03 cart consultation flow', () => {
  it('progress is 0-50% while booking and 50-100% through the courses', () => {
    expect(flowPercent('booking', 0, 2)).toBe(0);
    expect(flowPercent('booking', 1, 2)).toBe(25);
    expect(flowPercent('courses', 0, 2)).toBe(50);
    expect(flowPercent('courses', 1, 2)).toBe(75);
    expect(flowPercent('complete', 0, 0)).toBe(100);
  });

  it('books the item with the booking service, links the cart line, then the course, then Finish', async () => {
    const { seen, next, onFinish } = await renderFlow();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Book consultation 1 of 1')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /Mar 16/ }));
    await userEvent.click(screen.getByRole('radio', { name: '10:00 AM' }));
    await userEvent.type(screen.getByLabelText('Full name'), 'Jordan Avery');
    await userEvent.type(screen.getByLabelText('Email'), 'jordan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Book Consultation' }));

    await screen.findByText('Preparation course 1 of 1');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const book = seen.find((r) => r.method === 'POST' && r.path === '/api/consultations');
    expect(book?.body).toMatchObject({ service_id: 'svc-q', scheduled_date: '2027-03-16', scheduled_time: '10:00 AM', source: 'cart' });
    const link = seen.find((r) => r.method === 'PUT');
    expect(link?.body).toEqual({ booking_id: 'bk-1' });

    await userEvent.click(screen.getByRole('button', { name: 'course bk-1' }));
    expect(next).toHaveBeenCalledWith('bk-1');
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalled();
  });
});
