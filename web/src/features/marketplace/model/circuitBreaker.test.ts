import { describe, expect, it } from 'vitest';
import { CIRCUIT_OPEN_MESSAGE, CircuitBreaker, CircuitOpenError } from './circuitBreaker';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('F-CAT-06 circuit breaker: 6 failures open, 120 s half-open, 3 successes close (02§9)', () => {
  it('opens after 6 failures in a row and blocks calls with the spec message', async () => {
    const c = clock();
    const b = new CircuitBreaker(c.now);
    for (let i = 0; i < 5; i++) b.recordFailure();
    expect(b.getState()).toBe('closed');
    b.recordFailure();
    expect(b.getState()).toBe('open');
    let called = false;
    await expect(
      b.run(async () => {
        called = true;
      }),
    ).rejects.toThrow(CIRCUIT_OPEN_MESSAGE);
    expect(called).toBe(false);
  });

  it('a success resets the failure count while closed', () => {
    const b = new CircuitBreaker(clock().now);
    for (let i = 0; i < 5; i++) b.recordFailure();
    b.recordSuccess();
    for (let i = 0; i < 5; i++) b.recordFailure();
    expect(b.getState()).toBe('closed');
  });

  it('turns half-open after 120 s and closes after 3 successes', async () => {
    const c = clock();
    const b = new CircuitBreaker(c.now);
    for (let i = 0; i < 6; i++) b.recordFailure();
    c.advance(119_999);
    expect(b.getState()).toBe('open');
    c.advance(1);
    expect(b.getState()).toBe('half-open');
    await b.run(async () => 1);
    await b.run(async () => 2);
    expect(b.getState()).toBe('half-open');
    await b.run(async () => 3);
    expect(b.getState()).toBe('closed');
  });

  it('a failure while half-open opens it again for another 120 s', async () => {
    const c = clock();
    const b = new CircuitBreaker(c.now);
    for (let i = 0; i < 6; i++) b.recordFailure();
    c.advance(120_000);
    await expect(b.run(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(b.getState()).toBe('open');
    await expect(b.run(async () => 1)).rejects.toBeInstanceOf(CircuitOpenError);
    c.advance(120_000);
    expect(b.canRequest()).toBe(true);
  });
});
