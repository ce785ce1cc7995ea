import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { sessionAnswer } from '../../test/session';

const SCRIPTURES = { translation: 'KJV', tags: ['encouragement'], verses: [{ ref: 'Psalm 46:1', text: 'God is our refuge and strength, a very present help in trouble.', tags: ['encouragement', 'peace'] }] };

describe('F-AREA-06 ministry', () => {
  it('a visitor reads scripture and is asked to sign in before leaving a request', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/api/config': { body: DEFAULT_CONFIG }, '/api/ministry/scriptures': { body: SCRIPTURES } })));
    await renderApp('/ministry');
    expect(await screen.findByText(/a very present help in trouble/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Encouragement' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Sign in to leave a request.' })).toHaveAttribute('href', '/auth?redirect=%2Fministry');
    expect(screen.queryByLabelText('Your request')).not.toBeInTheDocument();
  });

  it('a member sends a shared request and lands on /ministry/success', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const fetch = vi.fn(
      stubFetch({
        '/api/config': { body: DEFAULT_CONFIG },
        '/api/auth/session': { body: sessionAnswer() },
        '/api/goals': { body: { completed: true, latest: null, history: [] } },
        '/api/ministry/scriptures': { body: SCRIPTURES },
        '/api/ministry/prayers/mine': { body: { prayers: [] } },
        '/api/ministry/prayers/shared': { body: { prayers: [] } },
        '/api/ministry/prayers': { status: 201, body: { id: 'p1', body: 'Wisdom for a closing', topic: 'wisdom', visibility: 'shared', status: 'pending', created_at: '2026-11-29T09:00:00Z', decided_at: null } },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = await renderApp('/ministry');
    const body = await screen.findByLabelText('Your request', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write your request (3 to 2000 characters).');
    fireEvent.change(body, { target: { value: 'Wisdom for a closing' } });
    fireEvent.change(screen.getByLabelText('Topic (optional)'), { target: { value: 'wisdom' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Shared/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ministry/success'));
    expect(await screen.findByText(/Our team will read it before it is shared/)).toBeInTheDocument();
    const post = fetch.mock.calls.map(([i]) => (i instanceof Request ? i : null)).find((r) => r?.method === 'POST' && r.url.endsWith('/api/ministry/prayers'));
    expect(await post!.clone().json()).toEqual({ body: 'Wisdom for a closing', visibility: 'shared', topic: 'wisdom' });
  });
});
