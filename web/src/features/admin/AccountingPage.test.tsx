import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../lib/session';
import { DEFAULT_CONFIG, renderApp } from '../../test/render';
import { sessionAnswer } from '../../test/session';

const ENTRY = {
  id: 'me-1', key: 'charge:order:ord-1', kind: 'charge', amount_cents: 18800, currency: 'USD', points: 0, user_id: 'usr-1', order_id: 'ord-1',
  source: 'order', source_id: 'ord-1', provider: 'builtin', provider_ref: 'pi_1', day: '2026-11-20', occurred_at: '2026-11-20T10:00:00Z', created_at: '2026-11-20T10:00:00Z',
};
const REFUND = { ...ENTRY, id: 'me-2', key: 'refund:order:ord-2', kind: 'refund', amount_cents: -5000, order_id: 'ord-2', source_id: 'ord-2' };
const ORDER = {
  id: 'ord-1', number: 'CIR-1001', user_id: 'usr-1', email: 'agent@demo.test', status: 'paid', currency: 'USD', total_cents: 18800, points_used: 95,
  provider: 'builtin', paid_at: '2026-11-20T10:00:00Z', refunded_at: null, created_at: '2026-11-20T09:59:00Z', refund_cents: 0,
};
const MISMATCH = {
  key: 'charge:order:ord-9', problem: 'missing_entry', kind: 'charge', source: 'order', source_id: 'ord-9', order_id: 'ord-9', user_id: 'usr-9',
  want_cents: 12345, got_cents: 0, want_points: 0, got_points: 0, currency: 'USD', explanation: 'the order ord-9 has no charge entry',
};

function run(mismatches: (typeof MISMATCH)[]) {
  return { id: 'run-1', cause: 'manual', actor_id: 'usr-admin', checked: 42, mismatch_count: mismatches.length, mismatches, started_at: '2026-11-20T10:00:00Z', finished_at: '2026-11-20T10:00:01Z' };
}

function serve() {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
  const calls: { method: string; path: string; search: string; body: string }[] = [];
  let refunded = false;
  let mismatches = [MISMATCH];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(req.url);
    const body = req.method === 'POST' ? await req.text() : '';
    calls.push({ method: req.method, path: url.pathname, search: url.search, body });
    let answer: unknown;
    if (url.pathname === '/api/admin/accounting/orders/ord-1/refund' && req.method === 'POST') {
      refunded = true;
      answer = { order_id: 'ord-1', status: 'refunded', amount_cents: 18800, currency: 'USD', points_back: 95, replayed: false };
    } else if (url.pathname === '/api/admin/accounting/reconciliation' && req.method === 'POST') {
      mismatches = [];
      answer = { run: run([]) };
    } else {
      answer = {
        '/api/config': DEFAULT_CONFIG,
        '/api/auth/session': sessionAnswer({ email: 'admin@demo.test', is_admin: true, is_admin_effective: true }),
        '/api/admin/accounting/entries': { entries: url.searchParams.get('kind') === 'refund' ? [REFUND] : [ENTRY, REFUND], total: 2, page: 1, page_size: 50 },
        '/api/admin/accounting/totals': { grain: 'day', totals: [{ period: '2026-11-20', kind: 'charge', currency: 'USD', count: 1, amount_cents: 18800, points: 0 }] },
        '/api/admin/accounting/reconciliation': { run: run(mismatches) },
        '/api/admin/accounting/orders': { orders: [refunded ? { ...ORDER, status: 'refunded', refund_cents: -18800 } : ORDER], total: 1, page: 1, page_size: 50 },
      }[url.pathname];
    }
    if (answer === undefined) return new Response(JSON.stringify({ code: 'not_found', message: 'not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return calls;
}

describe('F-AREA-03 /admin/accounting', () => {
  it('lists the money record with the kind filter in the URL and a CSV link for the same filter', async () => {
    const calls = serve();
    await renderApp('/admin/accounting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounting' }, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByText('$188.00')).toBeInTheDocument();
    expect(screen.getByText('-$50.00')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'refund' } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/accounting/entries').at(-1)!.search).toContain('kind=refund'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/accounting/entries.csv?kind=refund');
    await waitFor(() => expect(screen.queryByText('$188.00')).not.toBeInTheDocument());
  });

  it('shows every mismatch of the last run, and a run now that balances', async () => {
    const calls = serve();
    await renderApp('/admin/accounting?tab=reconciliation');
    expect(await screen.findByRole('heading', { name: '1 mismatch found' }, { timeout: 15000 })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Mismatches' });
    expect(within(list).getByText('Missing entry')).toBeInTheDocument();
    expect(within(list).getByText('Expected $123.45, recorded $0.00')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Order ord-9' })).toHaveAttribute('href', '/admin/accounting?tab=refunds&q=ord-9');
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByRole('heading', { name: 'Everything agrees: no mismatches' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/accounting/reconciliation')).toHaveLength(1);
  });

  it('refunds a paid order after a confirmation with a reason', async () => {
    const calls = serve();
    await renderApp('/admin/accounting?tab=refunds');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund order CIR-1001' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund order CIR-1001?' });
    expect(within(dialog).getByText(/\$188\.00 goes back to agent@demo\.test/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(calls.filter((c) => c.path.endsWith('/refund'))).toHaveLength(0); // a reason is required first
    fireEvent.change(within(dialog).getByLabelText(/Reason for the refund/), { target: { value: 'Duplicate purchase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('Refunded $188.00.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/accounting/orders/ord-1/refund');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body)).toEqual({ reason: 'Duplicate purchase' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund order CIR-1001' })).not.toBeInTheDocument());
  });
});
