import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Security notices from the server's session answers (spec 01§2 security-warning dialog, 01§8):
 * too_many = "Too many active sessions..." (title "Security Notice"); the session-control alerts
 * multiple_sessions, ip_change and new_device. Each is shown once per user per browser session:
 * once dismissed it stays dismissed until the tab session ends.
 */
export type NoticeKind = 'too_many' | 'multiple_sessions' | 'ip_change' | 'new_device' | 'security_notice';

export interface SessionNotice {
  kind: NoticeKind;
  userId: string;
  /** The server's text, when it sent one. */
  message?: string;
  /** Live sessions when the notice came. */
  activeSessions?: number;
}

const KNOWN: readonly string[] = ['multiple_sessions', 'ip_change', 'new_device'];

/** Maps a session-control alert to a notice kind (unknown alerts become a generic security notice). */
export function noticeKindOfAlert(alert: string): NoticeKind {
  return KNOWN.includes(alert) ? (alert as NoticeKind) : 'security_notice';
}

function dismissedList(): string[] {
  try {
    const v: unknown = JSON.parse(readStorage('session', STORAGE_KEYS.dismissedNotices) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function isNoticeDismissed(userId: string, kind: NoticeKind): boolean {
  return dismissedList().includes(`${userId}:${kind}`);
}

let pending: SessionNotice[] = [];
let sessionsDialogOpen = false;
const listeners = new Set<() => void>();
let snapshot = { pending, sessionsDialogOpen };

function emit() {
  snapshot = { pending, sessionsDialogOpen };
  for (const l of listeners) l();
}

/** Queues a notice unless the user already dismissed it (or it is already queued). */
export function pushNotice(n: SessionNotice): boolean {
  if (isNoticeDismissed(n.userId, n.kind)) return false;
  if (pending.some((p) => p.userId === n.userId && p.kind === n.kind)) return false;
  pending = [...pending, n];
  emit();
  return true;
}

export function dismissNotice(n: SessionNotice): void {
  const list = dismissedList();
  const key = `${n.userId}:${n.kind}`;
  if (!list.includes(key)) writeStorage('session', STORAGE_KEYS.dismissedNotices, JSON.stringify([...list, key]));
  pending = pending.filter((p) => !(p.userId === n.userId && p.kind === n.kind));
  emit();
}

/** Drops queued notices (sign-out); dismissals are kept for the browser session. */
export function clearNotices(): void {
  if (pending.length === 0) return;
  pending = [];
  emit();
}

export function openSessionsDialog(): void {
  sessionsDialogOpen = true;
  emit();
}

export function closeSessionsDialog(): void {
  sessionsDialogOpen = false;
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useSessionNotices() {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** Test helper. */
export function resetSessionNotices(): void {
  pending = [];
  sessionsDialogOpen = false;
  emit();
}
