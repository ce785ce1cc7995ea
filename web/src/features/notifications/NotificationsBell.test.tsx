import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeServer } from '../../test/cart';

const NOTICE = {
  id: 'n-1',
  kind: 'copay_approved',
  title_key: 'notifications.copay_approved.title',
  body_key: 'notifications.copay_approved.body',
  params: { vendor: 'ClosingBell', service: 'Buyer Seminar', split: 40, agent_share_cents: 20940, vendor_share_cents: 13960, note: 'Glad to help' },
  link: '/cart',
  reference: 'cpr-1',
  read_at: null,
  created_at: new Date().toISOString(),
};

describe('F-PAY-05 the agent is told in the app: the notifications bell', { timeout: 20_000 }, () => {
  it('counts the unread notice, lists it in the reader language, closes on Escape with focus back, and marks it read when opened', async () => {
    let read = false;
    const seen = fakeServer(true, {
      'GET /api/notifications': () => ({ body: { notifications: [{ ...NOTICE, read_at: read ? NOTICE.created_at : null }], unread: read ? 0 : 1 } }),
      'POST /api/notifications/n-1/read': () => {
        read = true;
        return { body: { ...NOTICE, read_at: NOTICE.created_at } };
      },
    });
    await renderApp('/lobby');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Your notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const link = within(panel).getByRole('link', { name: /ClosingBell approved your co-pay request/ });
    expect(link).toHaveTextContent('Unread:');
    expect(link).toHaveTextContent('ClosingBell covers 40% of Buyer Seminar ($140); you pay $209.');
    expect(link).toHaveTextContent('Note: “Glad to help”');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Your notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    await user.click(bell);
    await user.click(within(screen.getByRole('region', { name: 'Your notifications' })).getByRole('link', { name: /ClosingBell approved/ }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST' && r.path === '/api/notifications/n-1/read')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
