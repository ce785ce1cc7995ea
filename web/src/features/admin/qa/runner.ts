/**
 * The QA runner's engine (issue 31 item 11, /qa): each check calls the real thing from the
 * browser and throws when it is wrong; the runner times it and turns the outcome into a result.
 */
export interface QaCheck {
  id: string;
  /** Resolves with a one-line detail of what it saw; throws (with the reason) on a failure. */
  run: (signal: AbortSignal) => Promise<string>;
}

export interface QaResult {
  id: string;
  status: 'pass' | 'fail';
  ms: number;
  detail: string;
}

/** Each check gets this long before it fails as timed out. */
export const CHECK_TIMEOUT_MS = 15_000;

export class CheckFailed extends Error {}

/** Throws CheckFailed with the message unless ok. */
export function expect(ok: unknown, message: string): asserts ok {
  if (!ok) throw new CheckFailed(message);
}

function reason(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** Runs one check with a timeout, timing it with the clock given (performance.now by default). */
export async function runCheck(check: QaCheck, opts: { timeoutMs?: number; now?: () => number } = {}): Promise<QaResult> {
  const now = opts.now ?? (() => performance.now());
  const timeoutMs = opts.timeoutMs ?? CHECK_TIMEOUT_MS;
  const ctrl = new AbortController();
  const start = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctrl.abort();
      reject(new CheckFailed(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const detail = await Promise.race([check.run(ctrl.signal), timeout]);
    return { id: check.id, status: 'pass', ms: now() - start, detail };
  } catch (e) {
    return { id: check.id, status: 'fail', ms: now() - start, detail: reason(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the checks one after the other (they share the server with real users), reporting each result as it lands. */
export async function runAll(checks: readonly QaCheck[], onResult: (r: QaResult) => void, opts?: { timeoutMs?: number; now?: () => number }): Promise<QaResult[]> {
  const out: QaResult[] = [];
  for (const c of checks) {
    const r = await runCheck(c, opts);
    out.push(r);
    onResult(r);
  }
  return out;
}

/** The plain-text report the Copy button puts on the clipboard. */
export function formatReport(results: readonly QaResult[], meta: { at: string; url: string; name: (id: string) => string }): string {
  const passed = results.filter((r) => r.status === 'pass').length;
  const lines = [`Circle QA report ${meta.at}`, meta.url, `${passed}/${results.length} passed`, ''];
  for (const r of results) {
    lines.push(`${r.status === 'pass' ? 'PASS' : 'FAIL'}  ${meta.name(r.id)} (${r.id})  ${r.ms.toFixed(0)} ms  ${r.detail}`);
  }
  return lines.join('\n');
}
