import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/Toaster';
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
  booking_window_weekdays: 20,
  days: [
    {
      date: '2027-03-16',
      available: true,
      slots: [{ time: '10:00 AM', starts_at: '2027-03-16T15:00:00Z', available: true, reason: '' }],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown };

const booked: Answer = { status: 201, body: { id: 'bk-1', service_title: 'Client Moving Concierge', scheduled_date: '2027-03-16', scheduled_time: '10:00 AM' } };

async function renderFlow(onFinish = vi.fn(), bookAnswer: Answer = booked) {
  const seen = fakeServer(true, {
    'GET /api/consultations/calendar': () => ({ body: calendar }),
    'POST /api/consultations': () => bookAnswer,
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
        <Toaster />
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

/** The server's refusal of a booking: the error shape with one field. */
function refusal(status: number, field: string, key: string, message: string): Answer {
  return { status, body: { code: status === 409 ? 'conflict' : 'invalid', message, request_id: 'req-1', fields: [{ field, key, message }] } };
}

async function fillAndBook() {
  await userEvent.click(await screen.findByRole('radio', { name: /Mar 16/ }));
  await userEvent.click(screen.getByRole('radio', { name: '10:00 AM' }));
  await userEvent.type(screen.getByLabelText('Full name'), 'Jordan Avery');
  await userEvent.type(screen.getByLabelText('Email'), 'jordan@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Book Consultation' }));
}

describe('issue 27 item 1: booking limits in the booking form', () => {
  it('offers only the days the server sends (its booking window)', async () => {
    await renderFlow();
    await screen.findByRole('radio', { name: /Mar 16/ });
    expect(screen.getAllByRole('radio', { name: /Mar/ })).toHaveLength(calendar.days.length);
  });

  it('shows a date past the window with the window in weekdays, by key', async () => {
    await renderFlow(vi.fn(), refusal(400, 'scheduled_date', 'consultations.errors.beyondWindow', 'Bookings open up to 20 weekdays ahead: please choose a date up to 2027-04-02'));
    await fillAndBook();
    const shown = await screen.findAllByText('Bookings open up to 20 weekdays ahead. Please choose one of the dates shown.');
    expect(shown.length).toBeGreaterThan(0);
    expect(screen.queryByText('Preparation course 1 of 1')).not.toBeInTheDocument();
  });

  it('tells a booking limit apart from a slot just taken', async () => {
    await renderFlow(
      vi.fn(),
      refusal(409, 'service_id', 'consultations.errors.limitVendor', 'You already have 2 upcoming consultations with this vendor: you can book another once one has taken place or is canceled.'),
    );
    await fillAndBook();
    expect(await screen.findByText('Booking limit reached')).toBeInTheDocument();
    expect(screen.getByText('You already have 2 upcoming consultations with this vendor. You can book another once one has taken place or is canceled.')).toBeInTheDocument();
    expect(screen.queryByText('Time no longer available')).not.toBeInTheDocument();
  });
});
