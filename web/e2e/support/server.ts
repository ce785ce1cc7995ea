import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The binary scripts/e2e.sh started (CI: bin/circle with the embedded web build). */
export function circleBin(): string {
  const bin = process.env.E2E_CIRCLE_BIN;
  if (!bin) throw new Error('E2E_CIRCLE_BIN is not set: run the browser tests with scripts/e2e.sh');
  return bin;
}

/** app_config keys the CLI accepts (internal/appconfig.Keys), with their text values. */
export type AppConfigValues = Partial<
  Record<
    | 'auto_heal_enabled'
    | 'maintenance_mode'
    | 'maintenance_message'
    | 'min_build_version'
    | 'force_cache_bust_after'
    | 'marketplace_enabled'
    | 'security_monitoring_global'
    | 'top_deals_enabled'
    | 'facilitator_checkout_enabled'
    | 'faq_remote_enabled'
    | 'usd_to_cad_rate_e4'
    | 'flag_sponsored_badges',
    string | boolean | number
  >
>;

/** The app_config row as `circle config get` prints it (the same shape as GET /api/config). */
export interface AppConfigRow {
  maintenance_mode: boolean;
  maintenance_message: string;
  min_build_version: string;
  force_cache_bust_after: string | null;
  marketplace_enabled: boolean;
  [key: string]: unknown;
}

/** The defaults of spec 01§3 (internal/appconfig.Defaults) for the keys the tests change. */
export const APP_CONFIG_DEFAULTS: AppConfigValues = {
  maintenance_mode: false,
  maintenance_message: 'The application is currently under maintenance. Please check back soon.',
  min_build_version: '1.0.0',
  force_cache_bust_after: '',
  marketplace_enabled: true,
  flag_sponsored_badges: false,
  faq_remote_enabled: false,
};

/**
 * Runs `circle config get|set` against a server's database. Flags go before the KEY=VALUE pairs
 * (Go's flag parsing stops at the first pair).
 */
export async function circleConfig(dataDir: string, values?: AppConfigValues): Promise<AppConfigRow> {
  const pairs = values ? Object.entries(values).map(([k, v]) => `${k}=${String(v)}`) : [];
  const args = ['config', values ? 'set' : 'get', '--data-dir', dataDir, '--database-url', join(dataDir, 'circle.db'), ...pairs];
  try {
    const { stdout } = await run(circleBin(), args, { env: serverEnv() });
    return JSON.parse(stdout) as AppConfigRow;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`circle ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

/** The environment for a child `circle`: ours without the shared server's address and database. */
function serverEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.CIRCLE_DATABASE_URL;
  return env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface CircleServer {
  /** http://127.0.0.1:PORT */
  url: string;
  dataDir: string;
  /** Changes app_config in this server's database; the server reads it on every /api/config. */
  setConfig(values: AppConfigValues): Promise<AppConfigRow>;
  getConfig(): Promise<AppConfigRow>;
  stop(): Promise<void>;
}

/**
 * Starts a private `circle serve --demo` on a fresh temp SQLite database and a free port, with the
 * same web build as the shared server (CIRCLE_WEB_DIR is passed through when set). Takes ~0.3 s.
 */
export async function startCircleServer(): Promise<CircleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'circle-e2e-private.'));
  const logPath = join(dataDir, 'server.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = openSync(logPath, 'a');
    const child: ChildProcess = spawn(
      circleBin(),
      [
        'serve',
        '--demo',
        '--addr', `127.0.0.1:${port}`,
        '--data-dir', dataDir,
        '--database-url', join(dataDir, 'circle.db'),
        '--auth-rate-limit', process.env.E2E_AUTH_RATE_LIMIT ?? '600',
        '--botcheck-difficulty', process.env.E2E_BOTCHECK_DIFFICULTY ?? '12',
      ],
      { env: serverEnv({ CIRCLE_DATA_DIR: dataDir, CIRCLE_ADDR: `127.0.0.1:${port}`, CIRCLE_BASE_URL: `http://127.0.0.1:${port}` }), stdio: ['ignore', log, log] },
    );
    closeSync(log); // the child holds its own copy
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    const deadline = Date.now() + 20_000;
    while (!exited && Date.now() < deadline) {
      try {
        const r = await fetch(`${url}/readyz`);
        if (r.ok) {
          return {
            url,
            dataDir,
            setConfig: (values) => circleConfig(dataDir, values),
            getConfig: () => circleConfig(dataDir),
            stop: async () => {
              if (!exited) {
                const done = new Promise((res) => child.once('exit', res));
                child.kill('SIGTERM');
                await done;
              }
              rmSync(dataDir, { recursive: true, force: true });
            },
          };
        }
      } catch {
        // not listening yet
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    if (!exited) child.kill('SIGKILL');
    const tail = readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
    // The port may have been taken between choosing and binding it: try again once.
    if (attempt >= 2) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`private circle server did not become ready:\n${tail}`);
    }
  }
}
