/**
 * The circuit breaker around the marketplace snapshot read (02§4, 02§9): closed; open after 6
 * failures in a row; half-open 120 s later; closed again after 3 successes while half-open (one
 * failure while half-open opens it again).
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export const CIRCUIT_FAILURE_THRESHOLD = 6;
export const CIRCUIT_RESET_MS = 120_000;
export const CIRCUIT_SUCCESS_THRESHOLD = 3;

export const CIRCUIT_OPEN_MESSAGE = 'Circuit breaker is OPEN - operation blocked';

export class CircuitOpenError extends Error {
  constructor() {
    super(CIRCUIT_OPEN_MESSAGE);
    this.name = 'CircuitOpenError';
  }
}

export class CircuitBreaker {
  private state: CircuitState = 'closed';
  private failures = 0;
  private successes = 0;
  private openedAt = 0;

  private readonly now: () => number;
  private readonly failureThreshold: number;
  private readonly resetMs: number;
  private readonly successThreshold: number;

  constructor(
    now: () => number = Date.now,
    failureThreshold = CIRCUIT_FAILURE_THRESHOLD,
    resetMs = CIRCUIT_RESET_MS,
    successThreshold = CIRCUIT_SUCCESS_THRESHOLD,
  ) {
    this.now = now;
    this.failureThreshold = failureThreshold;
    this.resetMs = resetMs;
    this.successThreshold = successThreshold;
  }

  /** The state now (an open circuit turns half-open once the reset time has passed). */
  getState(): CircuitState {
    if (this.state === 'open' && this.now() - this.openedAt >= this.resetMs) {
      this.state = 'half-open';
      this.successes = 0;
    }
    return this.state;
  }

  /** Whether a call may go ahead. */
  canRequest(): boolean {
    return this.getState() !== 'open';
  }

  recordSuccess(): void {
    const s = this.getState();
    if (s === 'half-open') {
      this.successes += 1;
      if (this.successes >= this.successThreshold) {
        this.state = 'closed';
        this.failures = 0;
        this.successes = 0;
      }
    } else if (s === 'closed') {
      this.failures = 0;
    }
  }

  recordFailure(): void {
    const s = this.getState();
    if (s === 'half-open') {
      this.trip();
      return;
    }
    if (s === 'closed') {
      this.failures += 1;
      if (this.failures >= this.failureThreshold) this.trip();
    }
  }

  /** Runs fn through the breaker; an open circuit throws CircuitOpenError without calling it. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.canRequest()) throw new CircuitOpenError();
    try {
      const v = await fn();
      this.recordSuccess();
      return v;
    } catch (err) {
      this.recordFailure();
      throw err;
    }
  }

  reset(): void {
    this.state = 'closed';
    this.failures = 0;
    this.successes = 0;
  }

  private trip(): void {
    this.state = 'open';
    this.openedAt = this.now();
    this.successes = 0;
    this.failures = 0;
  }
}
