import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, renderApp, serveApi } from '../../test/render';
import { adminSessionAnswer } from '../../test/session';

const REVIEW = {
  id: 'rev-1', service_id: 'svc-1', service_title: 'Listing photos', user_id: 'usr-2', reviewer_name: 'Jordan Avery', reviewer_email: 'agent@demo.test',
  rating: 2, text: 'Buy followers at spam.example', source: 'agent', verified_purchase: true, status: 'visible', hidden_at: null, hidden_reason: '',
  created_at: '2026-11-20T10:00:00Z',
};

function serve() {
  const answers: Record<string, unknown> = {
    '/api/config': DEFAULT_CONFIG,
    '/api/auth/session': adminSessionAnswer(),
    '/api/admin/reviews': { reviews: [REVIEW], total: 1 },
    '/api/admin/reviews/rev-1/hide': { ...REVIEW, status: 'hidden', hidden_reason: 'Spam link' },
  };
  return serveApi((call) => answers[call.path]);
}

describe('F-AREA-03 /admin/reviews', () => {
  it('lists reviews with the verified purchase, filters in the URL, and hides one with a required reason', async () => {
    const calls = serve();
    await renderApp('/admin/reviews?status=visible&verified=yes&rating=2');
    expect(await screen.findByRole('cell', { name: 'Listing photos' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Buy followers at spam.example' })).toBeInTheDocument();
    expect(screen.getByLabelText('2 stars', { selector: 'span' })).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/admin/reviews');
    expect(list?.search).toContain('status=visible');
    expect(list?.search).toContain('verified=yes');
    expect(list?.search).toContain('rating=2');

    fireEvent.click(screen.getByRole('button', { name: 'Hide the review by Jordan Avery of Listing photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Give a reason of 1 to 1000 characters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Why hide this review/), { target: { value: 'Spam link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reviews/rev-1/hide')?.body).toEqual({ reason: 'Spam link' }));
  });
});
