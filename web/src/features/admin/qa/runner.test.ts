import { describe, expect as want, it } from 'vitest';
import { leafKeys } from './checks';
import { CheckFailed, expect, formatReport, runAll, runCheck, type QaCheck } from './runner';

function clock(...ticks: number[]) {
  let i = 0;
  return () => ticks[Math.min(i++, ticks.length - 1)] ?? 0;
}

describe('F-AREA-04 QA runner', () => {
  it('times a passing check and reports its detail', async () => {
    const r = await runCheck({ id: 'ok', run: () => Promise.resolve('fine') }, { now: clock(100, 142) });
    want(r).toEqual({ id: 'ok', status: 'pass', ms: 42, detail: 'fine' });
  });

  it('turns a thrown reason or a failed expectation into a failure', async () => {
    const boom = await runCheck({ id: 'boom', run: () => Promise.reject(new Error('HTTP 503')) }, { now: clock(0, 5) });
    want(boom).toMatchObject({ status: 'fail', detail: 'HTTP 503', ms: 5 });
    const exp = await runCheck({
      id: 'exp',
      run: async () => {
        expect(1 > 2, 'one is not more than two');
        return 'never';
      },
    });
    want(exp).toMatchObject({ status: 'fail', detail: 'one is not more than two' });
    want(() => expect(false, 'x')).toThrow(CheckFailed);
  });

  it('fails a check that does not answer in time and aborts it', async () => {
    let aborted = false;
    const hang: QaCheck = {
      id: 'hang',
      run: (signal) =>
        new Promise<string>(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    };
    const r = await runCheck(hang, { timeoutMs: 10 });
    want(r.status).toBe('fail');
    want(r.detail).toBe('timed out after 10 ms');
    want(aborted).toBe(true);
  });

  it('runs every check in order, one at a time, and reports each as it lands', async () => {
    const order: string[] = [];
    let inFlight = 0;
    const mk = (id: string, ok: boolean): QaCheck => ({
      id,
      run: async () => {
        inFlight++;
        want(inFlight).toBe(1);
        order.push(`start ${id}`);
        await Promise.resolve();
        inFlight--;
        if (!ok) throw new Error(`${id} broke`);
        return `${id} ok`;
      },
    });
    const seen: string[] = [];
    const all = await runAll([mk('a', true), mk('b', false), mk('c', true)], (r) => seen.push(`${r.id}:${r.status}`));
    want(order).toEqual(['start a', 'start b', 'start c']);
    want(seen).toEqual(['a:pass', 'b:fail', 'c:pass']);
    const report = formatReport(all, { at: '2026-11-29T13:00:00Z', url: 'https://circle.test', name: (id) => id.toUpperCase() });
    want(report.split('\n').slice(0, 3)).toEqual(['Circle QA report 2026-11-29T13:00:00Z', 'https://circle.test', '2/3 passed']);
    want(report).toContain('FAIL  B (b)');
    want(report).toContain('b broke');
  });

  it('lists every leaf key of a translation tree', () => {
    want(leafKeys({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual(['a.b', 'a.c.d', 'e']);
  });
});
