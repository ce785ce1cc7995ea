import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, renderApp, stubFetch } from '../../test/render';
import { formatUptime } from './HealthPage';

const READY = {
  status: 'ok',
  version: '0.1.0',
  database: 'sqlite',
  schema_version: 3,
  uptime_seconds: 3725,
  checks: [
    { name: 'database', ok: true, latency_ms: 0.4 },
    { name: 'migrations', ok: true },
  ],
};

const NOT_READY = {
  status: 'unavailable',
  version: '0.1.0',
  database: 'postgres',
  schema_version: 0,
  uptime_seconds: 12,
  checks: [
    { name: 'database', ok: false, latency_ms: 2000, error: 'database unavailable' },
    { name: 'migrations', ok: false, error: 'skipped: database unavailable' },
  ],
};

function serve(readyz: { status?: number; body: unknown } | null) {
  const answers: Record<string, { status?: number; body: unknown }> = { '/api/config': { body: DEFAULT_CONFIG } };
  if (readyz) answers['/readyz'] = readyz;
  const fn = vi.fn(stubFetch(answers));
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('F-APP-10 health page', () => {
  beforeEach(() => {
    serve({ body: READY });
  });

  it('shows status, version, database, schema version, uptime and each check', async () => {
    await renderApp('/health');
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('System Health');
    const facts = screen.getByRole('region', { name: 'Server details' });
    expect(within(facts).getByText('0.1.0')).toBeInTheDocument();
    expect(within(facts).getByText('SQLite')).toBeInTheDocument();
    expect(within(facts).getByText('3')).toBeInTheDocument();
    expect(within(facts).getByText('1 hr 2 min')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['OK', '0.4 ms', 'None'],
      ['OK', '—', 'None'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Database connection');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Database migrations');
  });

  it('shows an unavailable server (503) with the failing checks', async () => {
    serve({ status: 503, body: NOT_READY });
    await renderApp('/health');
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('database unavailable')).toBeInTheDocument();
    expect(screen.getAllByText('Failing')).toHaveLength(2);
  });

  it('shows an error with Try Again when the server cannot be reached', async () => {
    serve(null);
    await renderApp('/health');
    expect(await screen.findByRole('heading', { name: 'Could not reach the server' })).toBeInTheDocument();
    serve({ body: READY });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
  });

  it('Refresh fetches /readyz again', async () => {
    const fetchFn = serve({ body: READY });
    await renderApp('/health');
    await screen.findByText('All systems operational');
    const readyzCalls = () =>
      fetchFn.mock.calls.filter(([req]) => new URL((req as Request).url).pathname === '/readyz').length;
    expect(readyzCalls()).toBe(1);
    serve({ status: 503, body: NOT_READY });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });

  it('formats uptime in the reader’s language', () => {
    expect(formatUptime(0, 'en')).toBe('0 sec');
    expect(formatUptime(59, 'en')).toBe('59 sec');
    expect(formatUptime(90061, 'en')).toBe('1 day 1 hr 1 min');
  });
});
