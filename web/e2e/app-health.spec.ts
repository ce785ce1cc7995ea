import { expect, expectScreen, test, type Page } from './support/fixtures';

interface Readiness {
  status: string;
  version: string;
  database: string;
  schema_version: number;
  uptime_seconds: number;
  checks: Array<{ name: string; ok: boolean; latency_ms?: number; error?: string }>;
}

const fact = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Server details' }).getByRole('definition').filter({
    has: page.locator(`xpath=preceding-sibling::dt[normalize-space()="${label}"]`),
  });

const checkRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Checks' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

test.describe('F-APP-10 health', () => {
  test('F-APP-10 /healthz and /readyz answer machine-readable health', async ({ request }) => {
    const live = await request.get('/healthz');
    expect(live.status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    const body = (await ready.json()) as Readiness;
    expect(body).toMatchObject({ status: 'ok', database: 'sqlite' });
    expect(body.schema_version).toBeGreaterThan(0);
    expect(body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['marketplace', true],
    ]);
  });

  test('F-APP-10 /health shows status ok, SQLite, the schema version and the checks from /readyz', async ({ page, request }) => {
    const ready = (await (await request.get('/readyz')).json()) as Readiness;
    await page.goto('/health');
    await expectScreen(page, 'System Health');
    await expect(page.getByRole('status').filter({ hasText: 'All systems operational' })).toBeVisible();
    await expect(page.getByText(/^Last checked at /)).toBeVisible();
    await expect(fact(page, 'Database')).toHaveText('SQLite');
    await expect(fact(page, 'Schema version')).toHaveText(String(ready.schema_version));
    await expect(fact(page, 'Version')).toHaveText(ready.version);
    await expect(fact(page, 'Uptime')).toHaveText(/\d/);
    await expect(checkRow(page, 'Database connection')).toContainText('OK');
    await expect(checkRow(page, 'Database connection')).toContainText(/\d ms/);
    await expect(checkRow(page, 'Database migrations')).toContainText('OK');
    await expect(page.getByRole('region', { name: 'Checks' }).getByText('Failing')).toHaveCount(0);

    // Refresh asks the server again.
    const again = page.waitForRequest((r) => new URL(r.url()).pathname === '/readyz');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await again;
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: 'All systems operational' })).toBeVisible();
  });

  test('F-APP-10 /health shows a 503 readiness answer as "Service unavailable" with the failing check', async ({
    page,
    problems,
  }) => {
    // The server answers 503 with the same body when the database is unreachable; the API tier
    // proves that answer, this proves what the page makes of it.
    problems.allow({
      reason: 'deliberate 503 from /readyz to show the unavailable state',
      kind: 'http',
      url: '/readyz',
      status: 503,
      required: true,
    });
    await page.route('**/readyz', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'unavailable',
          version: 'dev',
          database: 'sqlite',
          schema_version: 3,
          uptime_seconds: 3725,
          checks: [
            { name: 'database', ok: false, latency_ms: 2000, error: 'database is locked' },
            { name: 'migrations', ok: true },
          ],
        } satisfies Readiness),
      }),
    );
    await page.goto('/health');
    await expectScreen(page, 'System Health');
    await expect(page.getByRole('status').filter({ hasText: 'Service unavailable' })).toBeVisible();
    await expect(checkRow(page, 'Database connection')).toContainText('Failing');
    await expect(checkRow(page, 'Database connection')).toContainText('database is locked');
    await expect(checkRow(page, 'Database migrations')).toContainText('OK');
    await expect(fact(page, 'Uptime')).toHaveText('1 hr 2 min');
  });
});
