import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signInAs } from './auth-helpers';
import { expect, privateServerTest, test } from './support/fixtures';

const run = promisify(execFile);
test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
] as const;

/**
 * Writes a dead job into a server's SQLite database (python3's sqlite3 module: nothing else on
 * the machine opens the file). Its kind has no handler, so once retried it stays queued.
 */
async function buryJob(dataDir: string, id: string, kind: string, error: string): Promise<void> {
  const script = `import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=10)
db.execute("INSERT INTO jobs (id, kind, payload, state, attempts, max_attempts, run_at, locked_by, last_error, created_at, updated_at, finished_at) "
  "VALUES (?, ?, '{}', 'dead', 8, 8, '2026-11-20 09:30:00+00:00', '', ?, '2026-11-20 08:30:00+00:00', '2026-11-20 09:30:00+00:00', '2026-11-20 09:30:00+00:00')",
  (sys.argv[2], sys.argv[3], sys.argv[4]))
db.commit()`;
  await run('python3', ['-c', script, join(dataDir, 'circle.db'), id, kind, error]);
}

// Issue 31 item 11 (F-AREA-04), its acceptance: an administrator retries a dead job from the
// command center, and the job is back in the queue with the retry in the audit log. The command
// center reads the server again every 5 s (checked with the page's fake clock). A private server:
// the retried job stays queued, which must not change the shared server's dashboard figures.
privateServerTest.describe('F-AREA-04 command center', () => {
  for (const vp of VIEWPORTS) {
    privateServerTest(`F-AREA-04 retry a dead job from the command center at ${vp.name} px`, async ({ page, privateServer, axe }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const kind = `e2e.unclaimed_${vp.name}`;
      const id = `job-e2e-dead-${vp.name}-${Date.now().toString(36)}`;
      await buryJob(privateServer.dataDir, id, kind, 'smtp: connection refused (e2e)');
      await signInAs(page, 'admin@demo.test');

      await page.clock.install();
      let polls = 0;
      page.on('request', (r) => {
        if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/admin/command-center') polls++;
      });
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Command center', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Command Center' })).toBeVisible();
      await expect(page.getByTestId('command-center-updated')).toContainText('refreshes every 5 s');
      await expect(page.getByRole('region', { name: 'Database' })).toContainText('sqlite');
      const job = page.getByRole('list', { name: 'Dead jobs' }).getByRole('listitem', { name: kind });
      await expect(job).toContainText('smtp: connection refused (e2e)');
      await axe(page);

      // Polled: the first answer is held, then the fake clock passes the interval.
      const before = polls;
      await page.clock.runFor(5_100);
      await expect.poll(() => polls).toBeGreaterThan(before);

      await job.getByRole('button', { name: `Retry the ${kind} job ${id}` }).click();
      await expect(page.getByRole('status').filter({ hasText: `The ${kind} job is back in the queue.` })).toBeVisible();
      await expect(job).toHaveCount(0);

      await page.goto(`/admin/audit?action=job.retry&object_id=${id}`);
      const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'job.retry' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('admin@demo.test');

      // The command center test runs each subsystem's safe check on the server.
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Command center test' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Command Center Test' })).toBeVisible();
      await page.getByRole('button', { name: 'Run the self-test' }).click();
      await expect(page.getByRole('status').filter({ hasText: / at / })).toBeVisible();
      const checks = page.getByRole('list', { name: 'Subsystem checks' });
      for (const name of ['Database', 'Mailer', 'Payments', 'Storage']) {
        await expect(checks.getByRole('listitem', { name })).toContainText('Pass');
      }
      await axe(page);
    });
  }
});

// Issue 31 item 10 (F-AREA-03): the security screen's filters (kind, user, days) are applied on
// the server and kept in the address; client errors are grouped by message.
test.describe('F-AREA-03 security and errors', () => {
  for (const vp of VIEWPORTS) {
    test(`F-AREA-03 the security screen filters events and groups client errors at ${vp.name} px`, async ({ page, axe }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const tag = `${vp.name}_${Date.now().toString(36)}`;
      const kind = `e2e_probe_${tag}`;
      // An agent records a security event (the app's own path), and the web app reports an error.
      await signInAs(page, 'agent@demo.test');
      expect((await page.request.post('/api/security-events', { data: { event_type: kind, event_data: { e2e: true } } })).status()).toBe(200);
      const message = `E2E grouped error ${tag}`;
      for (let i = 0; i < 2; i++) {
        expect((await page.request.post('/api/client-errors', { data: { message, stack: `at probe (e2e.js:${i}:1)`, url: '/marketplace' } })).status()).toBe(202);
      }
      await page.context().clearCookies();

      await signInAs(page, 'admin@demo.test');
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Security and errors' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Security and errors' })).toBeVisible();
      await expect(page.getByTestId('security-rate-summary')).toContainText('events in 24 hours');

      const today = new Date().toISOString().slice(0, 10);
      await page.getByLabel('Kind').fill(kind);
      await page.getByLabel('User (e-mail or id)').fill('agent@demo');
      await page.getByLabel('From (UTC day)').fill(today);
      await page.getByLabel('To (UTC day)').fill(today);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
      // The filtered page first: until it answers, the table keeps showing the unfiltered one
      // (this event is its newest row, beside the agent's other events).
      await expect(page.getByText('1–1 of 1')).toBeVisible();
      const table = page.getByRole('table', { name: 'Security events' });
      await expect(table.getByRole('cell', { name: kind })).toBeVisible();
      await expect(table.getByRole('link', { name: 'agent@demo.test' })).toBeVisible();
      await axe(page);

      // Another user: nothing of this kind.
      await page.getByLabel('User (e-mail or id)').fill('admin@demo');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(/user=admin%40demo/);
      await expect(table.getByRole('cell', { name: kind })).toHaveCount(0);

      await page.getByRole('tab', { name: 'Client errors' }).click();
      await page.getByLabel('Message contains').fill(message);
      await page.getByRole('button', { name: 'Apply' }).click();
      const errors = page.getByRole('table', { name: 'Client errors by message' });
      const group = errors.getByRole('row').filter({ hasText: message });
      await expect(group).toHaveCount(1);
      await expect(group.getByRole('cell', { name: '2', exact: true })).toBeVisible();
      await group.getByText('Latest stack').click();
      await expect(group).toContainText('at probe (e2e.js:1:1)');
      await axe(page);
    });
  }
});

// Issue 31 item 11 (F-AREA-04): the RESPA view reads the demo's catalogue and its approved co-pay.
test.describe('F-AREA-04 compliance', () => {
  for (const vp of VIEWPORTS) {
    test(`F-AREA-04 the RESPA view lists services by risk and the co-pay decisions at ${vp.name} px`, async ({ page, axe }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await signInAs(page, 'admin@demo.test');
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Compliance' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
      const services = page.getByRole('table', { name: 'Services and their split limits' });
      await expect(services.getByRole('row').nth(1)).toBeVisible();
      await page.getByLabel('Vendor kind', { exact: true }).selectOption('ssp');
      await expect(page).toHaveURL(/kind=ssp/);
      await expect(services.getByRole('cell', { name: 'Non-SSP' })).toHaveCount(0);
      await axe(page);

      await page.getByRole('tab', { name: 'Co-pay decisions' }).click();
      const decisions = page.getByRole('table', { name: 'Co-pay decisions' });
      await expect(decisions.getByRole('link', { name: /^Audit pack of ClosingBell/ }).first()).toBeVisible();
      await axe(page);
    });
  }
});

// Issue 31 item 11 (F-AREA-04): the funnel of the chosen days.
test.describe('F-AREA-04 analytics', () => {
  for (const vp of VIEWPORTS) {
    test(`F-AREA-04 the marketplace funnel for a chosen range at ${vp.name} px`, async ({ page, axe }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await signInAs(page, 'admin@demo.test');
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Analytics' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
      const today = new Date();
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const from = day(new Date(today.getTime() - 6 * 86_400_000));
      await page.getByLabel('From (UTC day)').fill(from);
      await page.getByLabel('To (UTC day)').fill(day(today));
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByRole('heading', { name: `Marketplace funnel, ${from} to ${day(today)}` })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Funnel per day' }).getByRole('row')).toHaveCount(8);
      await axe(page);
    });
  }
});
