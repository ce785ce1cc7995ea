import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, jsonResponse, renderApp, serveApi } from '../../test/render';
import { adminSessionAnswer } from '../../test/session';

const REVIEW = {
  id: 'rev-9', service_id: 'svc-1', service_title: 'Listing photos', user_id: 'usr-2', reviewer_name: 'Jordan Avery', reviewer_email: 'agent@demo.test',
  rating: 4, text: 'Told us by phone.', source: 'admin_assigned', source_url: 'https://example.com/t/1', admin_notes: 'Called on Monday',
  verified_purchase: false, status: 'visible', hidden_at: null, hidden_reason: '', created_at: '2026-11-20T10:00:00Z',
};
const SERVICE = { id: 'svc-1', title: 'Listing photos', vendor_id: 'ven-1', vendor_name: 'Shutter Co', category: 'cat:photo', active: true };

function serve(assign: { status: number; body: unknown } = { status: 201, body: REVIEW }) {
  const answers: Record<string, unknown> = {
    '/api/config': DEFAULT_CONFIG,
    '/api/auth/session': adminSessionAnswer(),
    '/api/admin/reviews': { reviews: [REVIEW], total: 1 },
    '/api/admin/services': { services: [SERVICE], total: 1 },
    '/api/admin/users': { users: [{ id: 'usr-2', email: 'agent@demo.test', display_name: 'Jordan Avery' }], total: 1 },
    '/api/admin/reviews/rev-9/notes': { ...REVIEW, admin_notes: 'Confirmed by e-mail' },
  };
  return serveApi((call) => (call.path === '/api/admin/reviews' && call.method === 'POST' ? jsonResponse(assign.body, assign.status) : answers[call.path]));
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a review' }, { timeout: 15000 }));
  return screen.findByRole('dialog', { name: 'Add a review for a member' });
}

describe('F-AREA-03 F-CAT-11 admin-assigned reviews', () => {
  it('shows the source, keeps the source filter in the URL and edits admin notes', async () => {
    const calls = serve();
    await renderApp('/admin/reviews?source=admin_assigned');
    expect(await screen.findByRole('cell', { name: /Added by admin/ }, { timeout: 15000 })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/reviews')?.search).toContain('source=admin_assigned');
    expect(screen.getByLabelText('Source')).toHaveValue('admin_assigned');
    expect(screen.getByText('Called on Monday')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Admin notes of the review by Jordan Avery of Listing photos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin notes' });
    fireEvent.change(within(dialog).getByLabelText(/Admin notes/), { target: { value: '  Confirmed by e-mail ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reviews/rev-9/notes')).toMatchObject({ method: 'PUT', body: { admin_notes: 'Confirmed by e-mail' } }));
  });

  it('checks every field before sending, then adds the review for the chosen service', async () => {
    const calls = serve();
    await renderApp('/admin/reviews');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add review' }));
    expect(await within(dialog).findByText('Choose the service.')).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the member's e-mail address.")).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Find the service'), { target: { value: 'list' } });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Listing photos/ }));
    expect(within(dialog).getByText('Chosen: Listing photos')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Reviewer's e-mail/), { target: { value: 'agent@demo.test' } });
    expect(await within(dialog).findByText('Member: Jordan Avery. Verified if they bought the service.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(dialog).getByLabelText(/Review text/), { target: { value: ' Told us by phone. ' } });
    fireEvent.change(within(dialog).getByLabelText(/Source link/), { target: { value: 'ftp://example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/Admin notes/), { target: { value: 'Called on Monday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add review' }));
    expect(await within(dialog).findByText('Enter an http or https address.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/reviews')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Source link/), { target: { value: 'https://example.com/t/1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/reviews')?.body).toEqual({
        service_id: 'svc-1', reviewer_email: 'agent@demo.test', rating: 4, review: 'Told us by phone.', source_url: 'https://example.com/t/1', admin_notes: 'Called on Monday',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a review for a member' })).not.toBeInTheDocument());
  });

  it("puts the server's field error on its field", async () => {
    serve({ status: 400, body: { code: 'invalid', message: 'No member has this e-mail address.', fields: [{ field: 'reviewer_email', key: 'admin.review_no_member', message: 'No member has this e-mail address.' }] } });
    await renderApp('/admin/reviews');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Find the service'), { target: { value: 'list' } });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Listing photos/ }));
    fireEvent.change(within(dialog).getByLabelText(/Reviewer's e-mail/), { target: { value: 'nobody@example.test' } });
    expect(await within(dialog).findByText('No member has this e-mail address yet.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add review' }));
    expect(await within(dialog).findByText('No member has this e-mail address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reviewer's e-mail/)).toHaveAttribute('aria-invalid', 'true');
  });
});
