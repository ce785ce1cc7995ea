import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionRecovery, RECOVERY_COOLDOWN_MS, type RecoverySteps, type StepOutcome } from './sessionRecovery';

function steps(outcomes: { check?: StepOutcome[]; refresh?: StepOutcome[]; restore?: StepOutcome[] }) {
  const calls: string[] = [];
  const next = (name: 'check' | 'refresh' | 'restore') => () => {
    calls.push(name);
    const list = outcomes[name] ?? [];
    return Promise.resolve(list.length > 1 ? (list.shift() as StepOutcome) : (list[0] ?? 'unauthenticated'));
  };
  const s: RecoverySteps = { check: next('check'), refresh: next('refresh'), restore: next('restore') };
  return { s, calls };
}

describe('F-AUTH-11 session recovery state machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an attempt is check, then refresh, then restore; the first success ends it', async () => {
    const { s, calls } = steps({ check: ['unauthenticated'], refresh: ['ok'] });
    const onRecovered = vi.fn();
    const onExhausted = vi.fn();
    const r = createSessionRecovery(s, { onRecovered, onExhausted });
    expect(r.trigger('auth_recovery')).toBe('started');
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['check', 'refresh']);
    expect(onRecovered).toHaveBeenCalledWith('refresh', 'auth_recovery');
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('a session that still works ends the attempt at the check', async () => {
    const { s, calls } = steps({ check: ['ok'] });
    const onRecovered = vi.fn();
    createSessionRecovery(s, { onRecovered, onExhausted: vi.fn() }).trigger('session_restore');
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['check']);
    expect(onRecovered).toHaveBeenCalledWith('check', 'session_restore');
  });

  it('skips a trigger while an attempt runs, and within 5 s of the last one', async () => {
    let release!: (o: StepOutcome) => void;
    const s: RecoverySteps = {
      check: () => new Promise<StepOutcome>((res) => (release = res)),
      refresh: () => Promise.resolve('unauthenticated'),
      restore: () => Promise.resolve('unauthenticated'),
    };
    const r = createSessionRecovery(s, { onRecovered: vi.fn(), onExhausted: vi.fn() });
    expect(r.trigger('auth_recovery')).toBe('started');
    expect(r.trigger('auth_recovery')).toBe('skipped_running');
    release('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.state.running).toBe(false);
    expect(r.trigger('auth_recovery')).toBe('skipped_cooldown');
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS - 1);
    expect(r.trigger('auth_recovery')).toBe('skipped_cooldown');
    await vi.advanceTimersByTimeAsync(1);
    expect(r.trigger('auth_recovery')).toBe('started');
  });

  it('retries 5 s apart and gives up after 3 failed attempts (forced sign-out)', async () => {
    const { s, calls } = steps({});
    const onExhausted = vi.fn();
    const r = createSessionRecovery(s, { onRecovered: vi.fn(), onExhausted });
    r.trigger('auth_recovery');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    expect(r.state).toEqual({ running: false, attempts: 1, scheduled: true });
    expect(r.trigger('auth_recovery')).toBe('skipped_scheduled');
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS - 1);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(6);
    expect(onExhausted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS);
    expect(calls).toHaveLength(9);
    expect(onExhausted).toHaveBeenCalledTimes(1);
    expect(onExhausted).toHaveBeenCalledWith('unauthenticated', 'auth_recovery');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(9);
  });

  it('a later attempt that works stops the retries', async () => {
    const { s } = steps({ check: ['unauthenticated', 'unauthenticated', 'ok'] });
    const onRecovered = vi.fn();
    const onExhausted = vi.fn();
    createSessionRecovery(s, { onRecovered, onExhausted }).trigger('token_refresh');
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS * 3);
    expect(onRecovered).toHaveBeenCalledWith('check', 'token_refresh');
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('reports unreachable when the server could not be asked, and treats thrown steps as unreachable', async () => {
    const s: RecoverySteps = {
      check: () => Promise.reject(new Error('offline')),
      refresh: () => Promise.resolve('unreachable'),
      restore: () => Promise.resolve('unreachable'),
    };
    const onExhausted = vi.fn();
    createSessionRecovery(s, { onRecovered: vi.fn(), onExhausted }).trigger('general_recovery');
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS * 3);
    expect(onExhausted).toHaveBeenCalledWith('unreachable', 'general_recovery');
  });

  it('reset cancels a scheduled attempt', async () => {
    const { s, calls } = steps({});
    const r = createSessionRecovery(s, { onRecovered: vi.fn(), onExhausted: vi.fn() });
    r.trigger('auth_recovery');
    await vi.advanceTimersByTimeAsync(0);
    r.reset();
    await vi.advanceTimersByTimeAsync(RECOVERY_COOLDOWN_MS * 3);
    expect(calls).toHaveLength(3);
    expect(r.trigger('auth_recovery')).toBe('started');
  });
});
