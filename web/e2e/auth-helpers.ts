import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from './support/fixtures';
import { circleBin } from './support/server';

const run = promisify(execFile);

/** The demo password (docs: demo accounts). */
export const DEMO_PASSWORD = 'CircleDemo1!';
/** A password the server scores strong (8+ characters, all four kinds, not a common one). */
export const STRONG_PASSWORD = 'Harbor-Lights-82';

/** An address no other test uses, so parallel tests never share an account or a lockout. */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;
}

function dataDir(): string {
  const d = process.env.E2E_DATA_DIR;
  if (!d) throw new Error('E2E_DATA_DIR is not set: run the browser tests with scripts/e2e.sh');
  return d;
}

/** The command's flags for a server's data directory (the shared server's unless told). */
function cliArgs(args: string[], dir = dataDir()): string[] {
  return [...args, '--data-dir', dir, '--database-url', join(dir, 'circle.db')];
}

function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CIRCLE_DATABASE_URL;
  return env;
}

/**
 * Creates a verified account (`circle user create`) on the shared server's database, or on the
 * server whose data directory is dir (a private server's).
 */
export async function createUser(email: string, password = STRONG_PASSWORD, name = 'Test Agent', dir?: string): Promise<void> {
  await run(circleBin(), ['user', 'create', ...cliArgs(['--email', email, '--password', password, '--name', name], dir)], {
    env: cliEnv(),
  });
}

/**
 * The token of the vendor-registration verification link e-mailed to a company address
 * (`circle mail list --to`, polled), on the shared server or the one whose data directory is dir.
 */
export async function companyVerifyToken(email: string, dir?: string): Promise<string> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const { stdout } = await run(circleBin(), ['mail', ...cliArgs(['list', '--to', email, '--limit', '5'], dir)], { env: cliEnv() });
    last = stdout;
    const m = /vendor-registration\?verify=([A-Za-z0-9_-]+)/.exec(stdout);
    if (m?.[1]) return m[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification link e-mailed to ${email}; outbox said:\n${last}`);
}

/**
 * The newest link of a kind ("verify" or "reset") e-mailed to an address, read from the built-in
 * outbox with `circle mail list --to` (polled: a reset or resend request only enqueues a job, which
 * writes the e-mail moments later).
 */
export async function mailedLink(email: string, kind: 'verify' | 'reset'): Promise<string> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const { stdout } = await run(circleBin(), ['mail', ...cliArgs(['list', '--to', email, '--limit', '5'])], { env: cliEnv() });
    last = stdout;
    const m = new RegExp(`https?://\\S+/auth\\?${kind}=[A-Za-z0-9_-]+`).exec(stdout);
    if (m) return m[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} link e-mailed to ${email}; outbox said:\n${last}`);
}

/** The local part of a link (path and query), to open it on the test's base URL. */
export function pathOf(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/**
 * Signs an account in through the API (no dependency on the sign-in screen; the page's browser
 * context keeps the session cookie): a demo account unless a password is given. Returns the
 * signed-in profile's user id.
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<{ user_id: string }> {
  const res = await page.request.post('/api/auth/signin', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  const body = (await res.json()) as { profile: { user_id: string } };
  return body.profile;
}

/** Signs in through the /auth form and waits for the header's user menu. */
export async function signInThroughForm(page: Page, email: string, password: string, name: string): Promise<void> {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}
