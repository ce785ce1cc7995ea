import { screen, within } from '@testing-library/react';
import userEventBase from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en/desk.json';
import es from '../../locales/es/desk.json';
import fr from '../../locales/fr/desk.json';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { fakeServer } from '../../test/cart';
import { renderApp } from '../../test/render';
import { sessionAnswer } from '../../test/session';
import { ageText } from './SlaBadge';

const userEvent = userEventBase.setup({ delay: null });

const SLA = { state: 'breached', waiting_since: '2026-12-01T10:00:00Z', age_seconds: 26 * 3600 + 5 * 60, target_seconds: 24 * 3600 };

const TICKET = {
  id: 't-1',
  email: 'agent@demo.test',
  subject: 'Invoice question',
  message: 'Where is my invoice?',
  kind: 'help',
  order_id: '',
  order_number: '',
  reason: '',
  evidence: '',
  current_page: '/billing',
  status: 'open',
  created_at: '2026-12-01T10:00:00Z',
  updated_at: '2026-12-01T10:00:00Z',
  user_id: 'usr-demo-agent',
  requester_name: 'Jordan Avery',
  assignee_id: '',
  assignee_name: '',
  last_customer_at: '2026-12-01T10:00:00Z',
  first_response_at: null,
  reply_count: 0,
  sla: SLA,
};

function asStaff(handlers: Parameters<typeof fakeServer>[1] = {}) {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  return fakeServer(true, {
    'GET /api/auth/session': () => ({ body: sessionAnswer({ user_id: 'usr-demo-support', email: 'support@demo.test', is_support: true }) }),
    ...handlers,
  });
}

describe('F-AREA-04 support desk screens', () => {
  it('has every string in en, es and fr', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(es)).toEqual(keys(en));
    expect(keys(fr)).toEqual(keys(en));
  });

  it('formats the SLA age in hours and minutes', () => {
    expect(ageText(0)).toBe('0 min');
    expect(ageText(26 * 3600 + 5 * 60)).toBe('26 h 05 min');
  });

  it('keeps the queue filters in the URL and asks the server for that page', async () => {
    const seen = asStaff({ 'GET /api/support/desk/tickets': () => ({ body: { tickets: [TICKET], total: 1, page: 1, page_size: 25 } }) });
    const { router } = await renderApp('/support?status=pending&assignee=mine&q=invoice');
    expect(await screen.findByRole('link', { name: 'Invoice question' }, { timeout: 10_000 })).toHaveAttribute('href', '/support/tickets/t-1');
    const first = seen.find((s) => s.path === '/api/support/desk/tickets');
    expect(Object.fromEntries(new URLSearchParams(first?.search))).toEqual({ assignee: 'mine', page: '1', page_size: '25', q: 'invoice', status: 'pending' });
    expect(screen.getByTestId('sla-badge')).toHaveTextContent('Overdue: 26 h 05 min (target 24 h 00 min)');

    await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'unassigned');
    expect(router.state.location.search).toContain('assignee=unassigned');
    await vi.waitFor(() => expect(seen.some((s) => s.path === '/api/support/desk/tickets' && s.search.includes('assignee=unassigned'))).toBe(true));
  });

  it('an agent gets the 403 screen on the desk', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    fakeServer(true);
    await renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('inserts a canned answer, sends the reply with the chosen status and shows the internal notes', async () => {
    const view = { ...TICKET, replies: [], notes: [{ id: 'n-1', author_id: 'usr-demo-admin', author_name: 'Alex Morgan', message: 'Paid twice', created_at: '2026-12-01T11:00:00Z' }] };
    const seen = asStaff({
      'GET /api/support/desk/tickets/t-1': () => ({ body: view }),
      'GET /api/support/desk/canned-answers': () => ({ body: { answers: [{ id: 'c-1', title: 'Invoices', body: 'Invoices are under Billing.', updated_by: '', created_at: '', updated_at: '' }] } }),
      'GET /api/support/desk/staff': () => ({ body: { staff: [{ id: 'usr-demo-support', email: 'support@demo.test', display_name: 'Priya Natarajan' }] } }),
      'POST /api/support/desk/tickets/t-1/replies': () => ({ status: 201, body: { ...view, status: 'solved' } }),
    });
    await renderApp('/support/tickets/t-1');
    expect(await screen.findByText('Where is my invoice?', {}, { timeout: 10_000 })).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Internal notes' });
    expect(within(notes).getByText('Paid twice')).toBeInTheDocument();

    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Invoices' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('Insert a canned answer'), 'c-1');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveValue('Invoices are under Billing.');
    await userEvent.type(message, ' Thanks!');
    await userEvent.selectOptions(screen.getByLabelText('Status after the reply'), 'solved');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    const post = seen.find((s) => s.method === 'POST' && s.path === '/api/support/desk/tickets/t-1/replies');
    expect(post?.body).toEqual({ message: 'Invoices are under Billing. Thanks!', status: 'solved' });
    expect(message).toHaveValue('');
  });

  it("shows a field error in the viewer's words", async () => {
    asStaff({
      'GET /api/support/desk/tickets/t-1': () => ({ body: { ...TICKET, replies: [], notes: [] } }),
      'GET /api/support/desk/canned-answers': () => ({ body: { answers: [] } }),
      'GET /api/support/desk/staff': () => ({ body: { staff: [] } }),
      'POST /api/support/desk/tickets/t-1/replies': () => ({
        status: 400,
        body: { code: 'invalid', message: 'Write a message.', fields: [{ field: 'message', key: 'support.desk.message_empty', message: 'Write a message.' }] },
      }),
    });
    await renderApp('/support/tickets/t-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Send reply' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message.');
  });
});

describe('F-AREA-04 the member sees support replies on their own request', () => {
  it('shows the conversation and sends the member reply', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const ticket = {
      ...TICKET,
      status: 'pending',
      replies: [{ id: 'r-1', author_role: 'staff', message: 'Invoices are under Billing.', created_at: '2026-12-01T12:00:00Z' }],
    };
    const seen = fakeServer(true, {
      'GET /api/support/tickets/t-1': () => ({ body: ticket }),
      'POST /api/support/tickets/t-1/replies': () => ({ status: 201, body: ticket }),
    });
    await renderApp('/contact/requests/t-1');
    expect(await screen.findByTestId('request-reply-staff', {}, { timeout: 10_000 })).toHaveTextContent('Invoices are under Billing.');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice question' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reply to support'), 'Found it');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(seen.some((s) => s.method === 'POST' && s.path === '/api/support/tickets/t-1/replies')).toBe(true));
  });
});
