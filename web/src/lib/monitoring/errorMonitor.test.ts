import { describe, expect, it, vi } from 'vitest';
import {
  createErrorMonitor,
  ERROR_THRESHOLD,
  ERROR_WINDOW_MS,
  isNoise,
  MAX_REPORTS_PER_PAGE,
  MESSAGE_CAP,
  REPORT_DEDUPE_MS,
  STACK_CAP,
  TIMEOUT_BURST,
  TIMEOUT_WINDOW_MS,
} from './errorMonitor';

function setup() {
  let now = 1_000_000;
  const send = vi.fn();
  const onThreshold = vi.fn();
  const onTimeoutBurst = vi.fn();
  const m = createErrorMonitor({
    now: () => now,
    pageUrl: () => 'http://circle.test/marketplace',
    pageOrigin: 'http://circle.test',
    send,
    onThreshold,
    onTimeoutBurst,
  });
  return { m, send, onThreshold, onTimeoutBurst, tick: (ms: number) => (now += ms) };
}

describe('F-APP-05 client error monitoring', () => {
  it('reports with the 1000/4000 caps, the page url and section global_monitor', () => {
    const { m, send } = setup();
    m.capture({ type: 'runtime_error', message: 'x'.repeat(1500), stack: 's'.repeat(5000) });
    const r = send.mock.calls[0]?.[0];
    expect(r.message).toHaveLength(MESSAGE_CAP);
    expect(r.stack).toHaveLength(STACK_CAP);
    expect(r).toMatchObject({ error_type: 'runtime_error', url: 'http://circle.test/marketplace', section: 'global_monitor' });
  });

  it('suppresses browser-extension and third-party noise', () => {
    const { m, send } = setup();
    for (const e of [
      { message: 'Script error.' },
      { message: 'ResizeObserver loop completed with undelivered notifications.' },
      { message: 'boom', stack: 'at chrome-extension://abcdef/content.js:1:1' },
      { message: 'boom', stack: 'at moz-extension://abcdef/content.js:1:1' },
      { message: 'fbq is not defined' },
      { message: 'boom', source: 'https://cdn.thirdparty.example/widget.js' },
    ]) {
      expect(m.capture({ type: 'runtime_error', ...e })).toBe('suppressed');
    }
    expect(send).not.toHaveBeenCalled();
    expect(isNoise({ message: 'boom', source: 'http://circle.test/assets/index.js' }, 'http://circle.test')).toBe(false);
    expect(m.windowCount).toBe(0);
  });

  it('shows the soft error notification when 15 errors fall inside the window, once per crossing', () => {
    const { m, onThreshold, tick } = setup();
    for (let i = 0; i < ERROR_THRESHOLD - 1; i++) m.capture({ type: 'runtime_error', message: `e${i}` });
    expect(onThreshold).not.toHaveBeenCalled();
    m.capture({ type: 'runtime_error', message: 'e15' });
    expect(onThreshold).toHaveBeenCalledTimes(1);
    m.capture({ type: 'runtime_error', message: 'e16' });
    expect(onThreshold).toHaveBeenCalledTimes(1);
    // Old errors leave the window.
    tick(ERROR_WINDOW_MS);
    m.capture({ type: 'runtime_error', message: 'later' });
    expect(m.windowCount).toBe(1);
  });

  it('resets the window list at three times the threshold', () => {
    const { m, onThreshold } = setup();
    for (let i = 0; i < ERROR_THRESHOLD * 3; i++) m.capture({ type: 'runtime_error', message: `e${i}` });
    expect(m.windowCount).toBe(0);
    for (let i = 0; i < ERROR_THRESHOLD; i++) m.capture({ type: 'runtime_error', message: `f${i}` });
    expect(onThreshold).toHaveBeenCalledTimes(2);
  });

  it('eight timeouts within 30 s trigger a soft recovery', () => {
    const { m, onTimeoutBurst, tick } = setup();
    for (let i = 0; i < TIMEOUT_BURST - 1; i++) {
      m.capture({ type: 'network_error', message: `TimeoutError: signal timed out ${i}` });
      tick(1000);
    }
    expect(onTimeoutBurst).not.toHaveBeenCalled();
    tick(TIMEOUT_WINDOW_MS); // the first seven are now too old
    m.capture({ type: 'network_error', message: 'Request timeout' });
    expect(onTimeoutBurst).not.toHaveBeenCalled();
    for (let i = 0; i < TIMEOUT_BURST - 1; i++) m.capture({ type: 'network_error', message: `timed out ${i}` });
    expect(onTimeoutBurst).toHaveBeenCalledTimes(1);
  });

  it('sends the same error once per 10 s, and at most 100 reports per page', () => {
    const { m, send, tick } = setup();
    expect(m.capture({ type: 'network_error', message: '503 Service Unavailable: GET /api/x' })).toBe('reported');
    expect(m.capture({ type: 'network_error', message: '503 Service Unavailable: GET /api/x' })).toBe('deduplicated');
    tick(REPORT_DEDUPE_MS);
    expect(m.capture({ type: 'network_error', message: '503 Service Unavailable: GET /api/x' })).toBe('reported');
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 10; i++) {
      tick(ERROR_WINDOW_MS); // keep the threshold window quiet
      m.capture({ type: 'runtime_error', message: `distinct ${i}` });
    }
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });
});
