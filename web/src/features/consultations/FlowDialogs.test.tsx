import { act, render, screen } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { onVendorDialog, type VendorDialogRequest } from '../../lib/vendorDialogs';
import type { Consultation } from './api';
import { MeetingConfirmedDialog } from './FlowDialogs';

const userEvent = userEventBase.setup({ delay: null });

const booking = {
  id: 'bk-1',
  service_title: 'Contract-to-Close Transaction Coordination',
  scheduled_date: '2027-03-10',
  scheduled_time: '11:00 AM',
  client_email: 'ana@example.com',
} as Consultation;

async function renderDialog(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/book-meeting', element: <MeetingConfirmedDialog booking={booking} onClose={onClose} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/book-meeting'] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return { router, onClose };
}

describe('F-ENG-01 F-ENG-03 Meeting Confirmed', () => {
  it("Continue opens the booking's preparation course", async () => {
    const { router, onClose } = await renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/consultation-prep/bk-1');
    expect(onClose).toHaveBeenCalled();
  });

  it('Add My Current Vendor opens Refer Your Vendor with the service title', async () => {
    const seen: VendorDialogRequest[] = [];
    const off = onVendorDialog((r) => seen.push(r));
    try {
      const { router, onClose } = await renderDialog();
      await userEvent.click(await screen.findByRole('button', { name: 'Add My Current Vendor' }));
      expect(seen).toEqual([{ kind: 'refer', serviceTitle: booking.service_title }]);
      expect(onClose).toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/book-meeting');
    } finally {
      off();
    }
  });
});
