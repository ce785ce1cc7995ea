// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, NUDGE_DELAY_MS, NUDGE_EVERY_MS, nudgeAllowed, seemsStuck, useHelpNudge } from './nudge';

function Probe({ route }: { route: string }) {
  const n = useHelpNudge(route, false);
  return n.show ? (
    <button type="button" onClick={n.dismiss}>
      nudge
    </button>
  ) : null;
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('F-HELP-02 stuck detection and the help nudge', () => {
  it('counts 30 s idle, 60 s on a first view, or 2 errors as stuck', () => {
    const base = { now: 100_000, lastActivity: 100_000, enteredAt: 100_000, firstView: false, errors: 0 };
    expect(seemsStuck(base)).toBe(false);
    expect(seemsStuck({ ...base, lastActivity: 100_000 - IDLE_MS + 1 })).toBe(false);
    expect(seemsStuck({ ...base, lastActivity: 100_000 - IDLE_MS })).toBe(true);
    expect(seemsStuck({ ...base, firstView: true, enteredAt: 40_000 })).toBe(true);
    expect(seemsStuck({ ...base, firstView: false, enteredAt: 40_000 })).toBe(false);
    expect(seemsStuck({ ...base, errors: 2 })).toBe(true);
    expect(nudgeAllowed('/a', 10, {}, false)).toBe(true);
    expect(nudgeAllowed('/a', NUDGE_EVERY_MS - 1, { '/a': 0 }, false)).toBe(false);
    expect(nudgeAllowed('/a', NUDGE_EVERY_MS, { '/a': 0 }, false)).toBe(true);
    expect(nudgeAllowed('/b', 10, { '/a': 0 }, true)).toBe(false);
  });

  it('shows 3 s after the user seems stuck, once per 5 minutes per route, and never again once dismissed', () => {
    const { rerender, unmount } = render(<Probe route="/marketplace" />);
    act(() => vi.advanceTimersByTime(IDLE_MS + 1_000));
    expect(screen.queryByText('nudge')).toBeNull();
    act(() => vi.advanceTimersByTime(NUDGE_DELAY_MS));
    expect(screen.getByText('nudge')).toBeInTheDocument();

    // Back on the same route within 5 minutes: no nudge; on another route it may show.
    rerender(<Probe route="/orders" />);
    rerender(<Probe route="/marketplace" />);
    act(() => vi.advanceTimersByTime(IDLE_MS + NUDGE_DELAY_MS + 2_000));
    expect(screen.queryByText('nudge')).toBeNull();
    unmount();

    render(<Probe route="/wallet" />);
    act(() => vi.advanceTimersByTime(IDLE_MS + NUDGE_DELAY_MS + 2_000));
    act(() => screen.getByText('nudge').click());
    expect(screen.queryByText('nudge')).toBeNull();
    expect(localStorage.getItem('circle.helpNudge.dismissed')).toBe('1');
  });
});
