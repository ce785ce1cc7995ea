import { useSyncExternalStore } from 'react';

/** Spec 01§9: one toast visible at a time; a dismissed toast is removed 1000 ms later. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1000;
/** How long a toast stays open unless it says otherwise. */
export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** Several buttons (e.g. Sign in / Create account); shown after action. */
  actions?: { label: string; onClick: () => void }[];
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

function clearTimers(id: string) {
  const d = dismissTimers.get(id);
  if (d) clearTimeout(d);
  dismissTimers.delete(id);
  const r = removeTimers.get(id);
  if (r) clearTimeout(r);
  removeTimers.delete(id);
}

function remove(id: string) {
  clearTimers(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Closes a toast (all toasts without an id); it is removed after the removal delay. */
export function dismissToast(id?: string): void {
  let changed = false;
  toasts = toasts.map((t) => {
    if ((id === undefined || t.id === id) && t.open) {
      changed = true;
      const d = dismissTimers.get(t.id);
      if (d) clearTimeout(d);
      dismissTimers.delete(t.id);
      if (!removeTimers.has(t.id)) {
        removeTimers.set(
          t.id,
          setTimeout(() => remove(t.id), TOAST_REMOVE_DELAY_MS),
        );
      }
      return { ...t, open: false };
    }
    return t;
  });
  if (changed) emit();
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  const next: Toast = { ...input, id, open: true };
  const kept = [next, ...toasts].slice(0, TOAST_LIMIT);
  for (const t of toasts) {
    if (!kept.includes(t)) clearTimers(t.id);
  }
  toasts = kept;
  const duration = input.duration ?? TOAST_DEFAULT_DURATION_MS;
  if (duration > 0) {
    dismissTimers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  }
  emit();
  return id;
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Clears every toast at once (tests). */
export function resetToasts(): void {
  for (const t of toasts) clearTimers(t.id);
  toasts = [];
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

const empty: readonly Toast[] = [];

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
}
