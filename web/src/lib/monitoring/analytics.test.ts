import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_DEBOUNCE_MS, createAnalyticsThrottle, isDroppedEvent, limitsFor } from './analytics';

describe('F-APP-09 analytics throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has 5/s and 50/min, halved in normal mode and quartered in strict admin mode', () => {
    expect(limitsFor('normal')).toEqual({ perSecond: 2, perMinute: 25 });
    expect(limitsFor('strict')).toEqual({ perSecond: 1, perMinute: 12 });
  });

  it('drops search and typing events', () => {
    const send = vi.fn();
    const a = createAnalyticsThrottle(send);
    expect(isDroppedEvent('search_performed')).toBe(true);
    expect(isDroppedEvent('user_typing')).toBe(true);
    expect(isDroppedEvent('login_success')).toBe(false);
    expect(a.track('marketplace_search', { q: 'crm' })).toBe('dropped');
    vi.advanceTimersByTime(5000);
    expect(send).not.toHaveBeenCalled();
  });

  it('debounces each event name by 500 ms and sends the last payload', () => {
    const send = vi.fn();
    const a = createAnalyticsThrottle(send);
    a.track('login_success', { email: 'a@x.test' });
    vi.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS - 1);
    a.track('login_success', { email: 'b@x.test' });
    vi.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('login_success', { email: 'b@x.test' });
  });

  it('holds the per-second and per-minute limits', () => {
    const send = vi.fn();
    const a = createAnalyticsThrottle(send, { mode: 'normal' });
    for (let i = 0; i < 5; i++) a.track(`event_${i}`);
    vi.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS);
    expect(send).toHaveBeenCalledTimes(2);
    expect(a.rejectedCount).toBe(3);
    // Over a minute, at most 25 in normal mode.
    for (let s = 0; s < 59; s++) {
      for (let i = 0; i < 3; i++) a.track(`e_${s}_${i}`);
      vi.advanceTimersByTime(1000);
    }
    expect(send.mock.calls.length).toBeLessThanOrEqual(25);
    expect(send.mock.calls.length).toBe(25);
  });

  it('strict mode allows one event per second', () => {
    const send = vi.fn();
    const a = createAnalyticsThrottle(send, { mode: 'strict' });
    a.track('a');
    a.track('b');
    vi.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('flush sends what is waiting', () => {
    const send = vi.fn();
    const a = createAnalyticsThrottle(send);
    a.track('signup_success', { email: 'c@x.test' });
    a.flush();
    expect(send).toHaveBeenCalledWith('signup_success', { email: 'c@x.test' });
    vi.advanceTimersByTime(ANALYTICS_DEBOUNCE_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
