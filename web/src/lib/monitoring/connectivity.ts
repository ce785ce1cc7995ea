import { useSyncExternalStore } from 'react';

/** The soft banner "Experiencing some connectivity issues" shows for 5 s (spec 01§2). */
export const SOFT_BANNER_MS = 5000;

interface State {
  /** The boot check failed: "Connection issues detected" with Safe Reload. */
  bootFailed: boolean;
  /** The soft banner is showing. */
  soft: boolean;
}

let state: State = { bootFailed: false, soft: false };
let softTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export function reportBootFailure(): void {
  if (!state.bootFailed) set({ bootFailed: true });
}

export function clearBootFailure(): void {
  if (state.bootFailed) set({ bootFailed: false });
}

/** A request could not reach the server: show the soft banner for 5 s (restarting the time). */
export function reportConnectivityProblem(): void {
  if (softTimer) clearTimeout(softTimer);
  softTimer = setTimeout(() => {
    softTimer = null;
    set({ soft: false });
  }, SOFT_BANNER_MS);
  if (!state.soft) set({ soft: true });
}

export function dismissSoftBanner(): void {
  if (softTimer) clearTimeout(softTimer);
  softTimer = null;
  if (state.soft) set({ soft: false });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useConnectivity(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Test helper. */
export function resetConnectivity(): void {
  if (softTimer) clearTimeout(softTimer);
  softTimer = null;
  state = { bootFailed: false, soft: false };
  for (const l of listeners) l();
}
