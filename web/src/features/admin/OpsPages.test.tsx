import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, renderApp, serveApi } from '../../test/render';
import { adminSessionAnswer } from '../../test/session';

const HOURS = Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 20, i)).toISOString(), count: i === 23 ? 3 : i === 18 ? 2 : 0 }));
const EVENT = { id: 'se-1', kind: 'session_validation_failed', user_id: 'usr-2', user_email: 'agent@demo.test', data: '{"ip":"203.0.113.9"}', at: '2026-11-20T10:29:00Z' };
const GROUP = { message: 'TypeError: x is undefined', count: 3, first_seen: '2026-11-20T07:30:00Z', last_seen: '2026-11-20T09:30:00Z', sample_stack: 'at f (app.js:1:2)', sample_url: '/marketplace' };
const DEAD = { id: 'job-dead-1', kind: 'email.send', attempts: 8, last_error: 'smtp: connection refused', created_at: '2026-11-20T08:30:00Z', failed_at: '2026-11-20T09:30:00Z' };

function snapshot(dead: number) {
  return {
    at: '2026-11-20T10:30:00Z',
    server: { version: 'dev', started_at: '2026-11-20T09:00:00Z', uptime_seconds: 5400, goroutines: 42, heap_bytes: 20971520 },
    database: { engine: 'sqlite', ok: true, ping_ms: 0.4, schema_version: 47, migrations_ok: true },
    jobs: { queued: 1 - dead, retrying: 0, running: 0, dead, done_last_hour: 12, dead_jobs: dead ? [DEAD] : [] },
    caches: [{ name: 'marketplace', ok: true, marketplace: { exists: true, stale: false, generated_at: '2026-11-20T10:00:00Z', expires_at: '2026-11-20T11:00:00Z', services_count: 60, vendors_count: 12, bytes: 1000 } }],
    requests: { total: 120, errors: 1, client_errors: 4, error_rate: 1 / 120, per_minute: 30, mean_ms: 3.2, p95_ms: 9.5, routes: [{ route: 'GET /api/services', requests: 80, errors: 0, mean_ms: 2.1, p95_ms: 4.8 }] },
  };
}

function serve() {
  let dead = 1;
  return serveApi((call) => {
    let body: unknown;
    if (call.path === '/api/admin/command-center/self-test' && call.method === 'POST') {
      body = {
        ok: false,
        at: '2026-11-20T10:30:00Z',
        checks: [
          { name: 'database', ok: true, ms: 1.2, detail: 'sqlite: write, read back, rolled back' },
          { name: 'mailer', ok: true, ms: 0.3, detail: 'built-in outbox readable' },
          { name: 'payments', ok: true, ms: 0, detail: 'builtin configured' },
          { name: 'storage', ok: true, ms: 0.5, detail: './data writable' },
          { name: 'cache', ok: false, ms: 0.1, detail: 'marketplace', error: 'the marketplace snapshot is not built' },
        ],
      };
    } else if (call.path === '/api/admin/jobs/job-dead-1/retry' && call.method === 'POST') {
      dead = 0;
      body = { ...DEAD, attempts: 0 };
    } else {
      body = {
        '/api/config': DEFAULT_CONFIG,
        '/api/auth/session': adminSessionAnswer(),
        '/api/admin/security-events': { events: [EVENT], total: 1 },
        '/api/admin/security-events/hourly': { hours: HOURS, total: 5, peak: 3 },
        '/api/admin/client-errors': { groups: [GROUP], total: 1 },
        '/api/admin/command-center': snapshot(dead),
        '/api/admin/analytics/funnel': {
          from: '2026-11-19', to: '2026-11-20',
          days: [
            { day: '2026-11-19', visitors: 40, views: 90, cart_adds: 10, checkouts: 5, paid: 2 },
            { day: '2026-11-20', visitors: 60, views: 110, cart_adds: 10, checkouts: 5, paid: 3 },
          ],
          total: { day: 'total', visitors: 100, views: 200, cart_adds: 20, checkouts: 10, paid: 5 },
        },
        '/api/admin/compliance': {
          matrix: [{ risk: 'high', kind: 'ssp', services: 4 }, { risk: '', kind: 'non_ssp', services: 7 }],
          services: [{
            id: 'svc-1', title: 'Title insurance', is_active: true, vendor_id: 'ven-1', vendor_name: 'Harborline', vendor_type: 'title_company', respa_kind: 'ssp',
            respa_regulated: true, risk_level: 'high', copay_allowed: true, ssp_allowed: true, respa_split_limit: 50, max_split_ssp: null, max_split_non_ssp: null,
            max_vendor_split: null, co_pay_cents: null, retail_cents: 50000, pro_cents: null, ssp_cap: 20, non_ssp_cap: 50,
          }],
          total: 1,
        },
        '/api/admin/compliance/co-pay-decisions': {
          decisions: [{
            id: 'cpr-1', status: 'approved', vendor_id: 'ven-2', vendor_name: 'ClosingBell', vendor_kind: 'non_ssp', agent_id: 'usr-3', agent_email: 'pro@demo.test',
            service_id: 'svc-2', service_title: 'Farm mailers', requested_split_percentage: 40, approved_split_percentage: 35, base_price_cents: 240000,
            vendor_share_cents: 84000, decision_note: '', decided_at: '2026-11-25T10:00:00Z', updated_at: '2026-11-25T10:00:00Z', audit_pack_path: '/api/vendors/ven-2/copay-audit/usr-3',
          }],
          total: 1,
        },
      }[call.path];
    }
    return body;
  });
}

describe('F-AREA-03 /admin/security', () => {
  it('shows the hourly rate, filters events by kind, user and days through the URL, and groups client errors', async () => {
    const calls = serve();
    await renderApp('/admin/security?kind=session_validation_failed');
    expect(await screen.findByRole('cell', { name: 'session_validation_failed' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('5 events in 24 hours · busiest hour 3')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Security events per hour' })).getAllByRole('listitem')).toHaveLength(24);
    expect(calls.find((c) => c.path === '/api/admin/security-events')?.search).toContain('kind=session_validation_failed');

    fireEvent.change(screen.getByLabelText('User (e-mail or id)'), { target: { value: 'agent@demo' } });
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-11-19' } });
    fireEvent.change(screen.getByLabelText('To (UTC day)'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/security-events').at(-1)!.search;
      expect(last).toContain('user=agent%40demo');
      expect(last).toContain('from=2026-11-19');
      expect(last).toContain('to=2026-11-20');
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Client errors' }));
    expect(await screen.findByText('TypeError: x is undefined')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(screen.getByText('at f (app.js:1:2)')).toBeInTheDocument();
  });
});

describe('F-AREA-04 /command-center', () => {
  it('shows the health cards and retries a dead job', async () => {
    const calls = serve();
    await renderApp('/command-center');
    expect(await screen.findByRole('heading', { level: 1, name: 'Command Center' }, { timeout: 15000 })).toBeInTheDocument();
    const dead = await screen.findByRole('listitem', { name: 'email.send' });
    expect(within(dead).getByText('smtp: connection refused')).toBeInTheDocument();
    expect(screen.getByText('0.4 ms')).toBeInTheDocument();
    expect(screen.getByText('GET /api/services')).toBeInTheDocument();
    fireEvent.click(within(dead).getByRole('button', { name: 'Retry the email.send job job-dead-1' }));
    expect(await screen.findByText('The email.send job is back in the queue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No dead jobs.')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/jobs/job-dead-1/retry')).toHaveLength(1);
  });
});

describe('F-AREA-04 /command-center-test', () => {
  it('runs the self-test on the server and shows each check with pass or fail and its time', async () => {
    const calls = serve();
    await renderApp('/command-center-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Command Center Test' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('Not run yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Run the self-test' }));
    expect(await screen.findByText(/Some checks failed at/)).toBeInTheDocument();
    const db = screen.getByRole('listitem', { name: 'Database' });
    expect(within(db).getByText('Pass')).toBeInTheDocument();
    expect(within(db).getByText('sqlite: write, read back, rolled back · 1.2 ms')).toBeInTheDocument();
    const cache = screen.getByRole('listitem', { name: 'Cache' });
    expect(within(cache).getByText('Fail')).toBeInTheDocument();
    expect(within(cache).getByText('the marketplace snapshot is not built')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/command-center/self-test')).toHaveLength(1);
  });
});

describe('F-AREA-04 /compliance', () => {
  it('shows the risk matrix, filters services through it, and lists co-pay decisions with their audit pack', async () => {
    const calls = serve();
    await renderApp('/compliance');
    expect(await screen.findByRole('cell', { name: 'Title insurance' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '20 %' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show the 4 High services of SSP vendors' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/compliance').at(-1)!.search;
      expect(last).toContain('risk=high');
      expect(last).toContain('kind=ssp');
    });
    expect(screen.getByRole('button', { name: 'Show the 7 Not set services of Non-SSP vendors' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Co-pay decisions' }));
    const pack = await screen.findByRole('link', { name: 'Audit pack of ClosingBell and pro@demo.test' });
    expect(pack).toHaveAttribute('href', '/api/vendors/ven-2/copay-audit/usr-3');
    expect(screen.getByRole('cell', { name: '40 % / 35 %' })).toBeInTheDocument();
  });
});

describe('F-AREA-04 /analytics', () => {
  it('shows the funnel totals with each step against the one before, per day, for the range in the URL', async () => {
    const calls = serve();
    await renderApp('/analytics?from=2026-11-19&to=2026-11-20');
    expect(await screen.findByRole('heading', { name: 'Marketplace funnel, 2026-11-19 to 2026-11-20' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText('10.0 % of the step before')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /2026-11-20/ });
    expect(within(row).getByRole('cell', { name: '5.0 %' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/analytics/funnel')?.search).toBe('?from=2026-11-19&to=2026-11-20');
    fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/analytics/funnel').at(-1)?.search).toBe('?from=2026-11-01&to=2026-11-20'));
  });
});
