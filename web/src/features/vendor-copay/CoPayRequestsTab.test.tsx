import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNDO_TOAST_MS } from './api';
import { renderApp } from '../../test/render';
import { AGENT_PROFILE, fakeServer } from '../../test/cart';

const VENDOR = { ...AGENT_PROFILE, vendor_enabled: true, vendor_type: 'service_provider', display_name: 'Vera' };
const session = () => ({ body: { profile: VENDOR, session: {} } });
const iso = (h: number) => new Date(Date.now() + h * 3600 * 1000).toISOString();

const PENDING = {
  id: 'cpr-1',
  status: 'pending',
  vendor_id: 'ven-closingbell',
  vendor_name: 'ClosingBell',
  agent_id: 'usr-pro',
  agent_name: 'Priya Pro',
  service_id: 'svc-seminar',
  service_title: 'Buyer Seminar',
  requested_split_percentage: 50,
  approved_split_percentage: null,
  max_split_percentage: 50,
  cap_percent: 60,
  cap_source: 'service',
  undo_until: null,
  vendor_kind: 'non_ssp',
  base_price_cents: 34900,
  vendor_share_cents: 17450,
  agent_share_cents: 17450,
  explanation: 'ClosingBell covers 50% ($175); you pay $175.',
  agent_notes: 'Thanks!',
  decision_note: '',
  decided_at: null,
  expires_at: iso(48),
  created_at: iso(-24),
};

describe('F-PAY-05 /vendor-dashboard co-pay requests tab', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('issue 28 item 12: the card shows one cap and which limit it is; Approve offers Undo for a few seconds', async () => {
    let undone = 0;
    const seen = fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: [PENDING] } }),
      'POST /api/vendor/copay-requests/cpr-1/approve': () => ({ body: { ...PENDING, status: 'approved', approved_split_percentage: 50, undo_until: iso(10 / 3600) } }),
      'POST /api/vendor/copay-requests/cpr-1/undo': () => {
        undone += 1;
        return { body: PENDING };
      },
    });
    await renderApp('/vendor-dashboard?tab=copay');
    const list = await screen.findByRole('list', { name: 'Co-pay requests' }, { timeout: 5000 });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(within(card).getByTestId('copay-cap')).toHaveTextContent("60%this service's limit (lower than RESPA's)");
    expect(card).not.toHaveTextContent('Most you may approve');
    expect(card.textContent?.match(/60%/g)).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /^Approve the request/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve co-pay request' });
    expect(within(dialog).getByTestId('live-explanation')).toHaveTextContent("Cap: 60%, this service's limit (lower than RESPA's).");
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 50%' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undone).toBe(1));
    expect(await screen.findByText('Approval undone: the request from Priya Pro is pending again.')).toBeInTheDocument();
    expect(seen.filter((r) => r.path.endsWith('/approve'))).toHaveLength(1);

    // Approved again: Undo is offered for UNDO_TOAST_MS on the fake clock, then gone.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user2 = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user2.click(within(await screen.findByRole('list', { name: 'Co-pay requests' })).getByRole('button', { name: /^Approve the request/ }));
    await user2.click(within(await screen.findByRole('dialog', { name: 'Approve co-pay request' })).getByRole('button', { name: 'Approve at 50%' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(UNDO_TOAST_MS - 100);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(undone).toBe(1);
  });

  it('lists the pending request, approves it at a lower split with the live explanation, and toasts', async () => {
    let approved: unknown;
    const seen = fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: approved ? [] : [PENDING] } }),
      'POST /api/vendor/copay-requests/cpr-1/approve': (r) => {
        approved = r.body;
        return { body: { ...PENDING, status: 'approved', approved_split_percentage: 40 } };
      },
    });
    await renderApp('/vendor-dashboard?tab=copay');
    expect(await screen.findByRole('tab', { name: 'Co-pay requests', selected: true }, { timeout: 5000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Co-pay requests' }, { timeout: 5000 });
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Buyer Seminar');
    expect(card).toHaveTextContent('From Priya Pro');
    expect(card).toHaveTextContent('50%');
    expect(card).toHaveTextContent('ClosingBell covers 50%');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Approve the request for Buyer Seminar from Priya Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve co-pay request' });
    const slider = within(dialog).getByRole('slider', { name: /Split you cover/ });
    expect(slider).toHaveAttribute('max', '50');
    expect(within(dialog).getByTestId('live-explanation')).toHaveTextContent('ClosingBell covers 50% ($175); Priya Pro pays $175.');
    fireEvent.change(slider, { target: { value: '40' } });
    expect(within(dialog).getByTestId('live-explanation')).toHaveTextContent('ClosingBell covers 40% ($140); Priya Pro pays $209.');
    await user.type(within(dialog).getByLabelText('Note to the agent (optional)'), 'Glad to help');
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 40%' }));
    await waitFor(() => expect(approved).toEqual({ split_percentage: 40, note: 'Glad to help' }));
    expect(await screen.findByText('Approved at 40%. Priya Pro has been told.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/No requests with the status “Pending”/)).toBeInTheDocument();
    expect(seen.some((r) => r.path === '/api/vendor/copay-requests' && r.search === '?status=pending')).toBe(true);
  });

  it('refuses a decline without a note, and shows the server conflict as a toast', async () => {
    fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: [PENDING] } }),
      'POST /api/vendor/copay-requests/cpr-1/decline': () => ({
        status: 409,
        body: { code: 'conflict', message: 'This co-pay request was already approved; a request is decided once.', fields: [], request_id: 'r' },
      }),
    });
    await renderApp('/vendor-dashboard?tab=copay');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline the request for Buyer Seminar from Priya Pro' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline co-pay request' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell the agent why you decline.');
    expect(within(dialog).getByLabelText('Note to the agent')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Note to the agent'), 'Out of budget');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This request was already answered')).toBeInTheDocument();
    expect(screen.getByText('This co-pay request was already approved; a request is decided once.')).toBeInTheDocument();
  });

  it('issue 27 item 4: an approval refused as self-dealing is explained in a toast and the dialog closes', async () => {
    fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: [PENDING] } }),
      'POST /api/vendor/copay-requests/cpr-1/approve': () => {
        const f = { field: 'vendor_id', key: 'copay.self_dealing_approve', message: 'The agent owns or represents ClosingBell.' };
        return { status: 403, body: { code: 'forbidden', message: f.message, fields: [f], request_id: 'r' } };
      },
    });
    await renderApp('/vendor-dashboard?tab=copay');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve the request for Buyer Seminar from Priya Pro' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve co-pay request' });
    await user.click(within(dialog).getByRole('button', { name: /^Approve at/ }));
    expect(await screen.findByText('Approval refused')).toBeInTheDocument();
    expect(screen.getByText(/The agent owns or represents this vendor, so it can't pay this co-pay \(RESPA self-dealing\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows skeletons first and an empty state for a vendor without requests', async () => {
    fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: [] } }),
    });
    await renderApp('/vendor-dashboard?tab=copay');
    expect(await screen.findByText(/No requests with the status “Pending”/, undefined, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), '');
    expect(await screen.findByText(/No co-pay requests yet/)).toBeInTheDocument();
  });
});

describe('F-PAY-06 /vendor-dashboard audit pack tab', { timeout: 20_000 }, () => {
  it('shows the pack of the first agent with its events, points, charges, a CSV link, Print and the self-dealing flag', async () => {
    fakeServer(true, {
      'GET /api/auth/session': session,
      'GET /api/notifications': () => ({ body: { notifications: [], unread: 0 } }),
      'GET /api/vendor/copay-requests': () => ({ body: { vendors: [{ id: 'ven-closingbell', name: 'ClosingBell', vendor_type: 'service_provider' }], requests: [] } }),
      'GET /api/vendors/ven-closingbell/copay-audit': () => ({ body: { agents: [{ agent_id: 'usr-pro', agent_name: 'Priya Pro', requests: 1, last_activity: iso(-1) }] } }),
      'GET /api/vendors/ven-closingbell/copay-audit/usr-pro': () => ({
        body: {
          vendor_id: 'ven-closingbell', vendor_name: 'ClosingBell', vendor_kind: 'non_ssp', agent_id: 'usr-pro', agent_name: 'Priya Pro', generated_at: iso(0),
          requests: [{ ...PENDING, status: 'approved', approved_split_percentage: 35, decided_by: 'usr-v', self_dealing: true, events: [
            { request_id: 'cpr-1', status: 'pending', actor_id: 'usr-pro', actor_name: 'Priya Pro', split_percentage: 50, vendor_share_cents: 17450, agent_share_cents: 17450, explanation: 'asked', note: '', created_at: iso(-24) },
            { request_id: 'cpr-1', status: 'approved', actor_id: 'usr-v', actor_name: 'Vera', split_percentage: 35, vendor_share_cents: 12215, agent_share_cents: 22685, explanation: 'ClosingBell covers 35%', note: 'ok', created_at: iso(-2) },
          ] }],
          points: [{ allocation_id: 'a', spend_id: 's', reason: 'spend', points: -200, reference: 'order-1', created_at: iso(-3) }],
          charges: [],
        },
      }),
    });
    await renderApp('/vendor-dashboard?tab=audit');
    const pack = await screen.findByRole('article', { name: 'RESPA audit pack: ClosingBell and Priya Pro' }, { timeout: 5000 });
    const rows = within(pack).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Approved');
    expect(rows[2]).toHaveTextContent('Vera');
    expect(rows[2]).toHaveTextContent('35%');
    expect(within(pack).getByText('order-1', { exact: false })).toBeInTheDocument();
    expect(within(pack).getByText('No co-pay charges yet.')).toBeInTheDocument();
    // issue 27 item 4: a request of an agent who owns or represents the vendor is flagged.
    expect(within(pack).getByTestId('self-dealing')).toHaveTextContent('Self-dealing: the agent owns or represents this vendor (RESPA).');
    expect(within(pack).getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/vendors/ven-closingbell/copay-audit/usr-pro/csv');
    expect(within(pack).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit pack', selected: true })).toBeInTheDocument();
  });
});
