import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';
import { toast } from './toast';

/**
 * What a signed-out visitor tried to do (add to cart, save, "I'd use this with a discount"),
 * kept in this tab's sessionStorage so that after signing in (or creating an account and
 * signing in) they are back on the same item with the action done (issue 18 item 7). The
 * feature that owns the action performs it; this module only stores, hands out once and asks
 * the visitor to sign in. The cart's item itself stays in lib/cart's pending item (02§5).
 */
export type PendingActionKind = 'cart' | 'save' | 'discount';

export interface PendingAction {
  kind: PendingActionKind;
  serviceId: string;
  /** Where the visitor was (path and query), e.g. /marketplace?service=x&view=details. */
  returnTo: string;
  /** When it was stored (ms since epoch). */
  at: number;
}

/** An action older than this is dropped: the visitor has moved on. */
export const PENDING_ACTION_MAX_AGE_MS = 30 * 60 * 1000;

const KINDS: readonly PendingActionKind[] = ['cart', 'save', 'discount'];

/** Only a same-site path is a place to return to. */
function safePath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** Stores the visitor's action, replacing any earlier one (the last thing tried is the one wanted). */
export function savePendingAction(action: Omit<PendingAction, 'at'>, now = Date.now()): PendingAction {
  const stored: PendingAction = { kind: action.kind, serviceId: action.serviceId, returnTo: safePath(action.returnTo), at: now };
  writeStorage('session', STORAGE_KEYS.pendingAction, JSON.stringify(stored));
  return stored;
}

/** The stored action, or null when there is none, it is malformed or older than 30 minutes. */
export function readPendingAction(now = Date.now()): PendingAction | null {
  const raw = readStorage('session', STORAGE_KEYS.pendingAction);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingAction> | null;
    if (
      !v ||
      !KINDS.includes(v.kind as PendingActionKind) ||
      typeof v.serviceId !== 'string' ||
      !v.serviceId ||
      typeof v.at !== 'number' ||
      now - v.at > PENDING_ACTION_MAX_AGE_MS ||
      v.at - now > PENDING_ACTION_MAX_AGE_MS
    ) {
      return null;
    }
    return { kind: v.kind as PendingActionKind, serviceId: v.serviceId, returnTo: safePath(v.returnTo), at: v.at };
  } catch {
    return null;
  }
}

export function clearPendingAction(): void {
  removeStorage('session', STORAGE_KEYS.pendingAction);
}

/**
 * Hands out the stored action of one of these kinds and clears it, so it is done once; an
 * expired one is cleared too. Returns null (and keeps it) when it is of another kind.
 */
export function takePendingAction(kinds: readonly PendingActionKind[], now = Date.now()): PendingAction | null {
  const action = readPendingAction(now);
  if (!action) {
    clearPendingAction();
    return null;
  }
  if (!kinds.includes(action.kind)) return null;
  clearPendingAction();
  return action;
}

/** The sign-in (or sign-up) address that comes back to returnTo. */
export function authPath(returnTo: string, mode: 'signin' | 'signup'): string {
  const redirect = `redirect=${encodeURIComponent(safePath(returnTo))}`;
  return mode === 'signup' ? `/auth?mode=signup&${redirect}` : `/auth?${redirect}`;
}

/** How long the sign-in toast stays: long enough to read and choose. */
export const SIGN_IN_TOAST_MS = 10_000;

export interface AskToSignIn {
  kind: PendingActionKind;
  serviceId: string;
  returnTo: string;
  title: string;
  description: string;
  /** Button labels (already translated: common.toast.signIn / common.toast.createAccount). */
  signInLabel: string;
  createAccountLabel: string;
  navigate: (to: string) => void;
}

/**
 * The one way a visitor is asked to sign in for an action: the action is stored and a toast
 * offers Sign in and Create account, both coming back to returnTo.
 */
export function askToSignIn(ask: AskToSignIn, now = Date.now()): void {
  const stored = savePendingAction({ kind: ask.kind, serviceId: ask.serviceId, returnTo: ask.returnTo }, now);
  toast({
    title: ask.title,
    description: ask.description,
    duration: SIGN_IN_TOAST_MS,
    actions: [
      { label: ask.signInLabel, onClick: () => ask.navigate(authPath(stored.returnTo, 'signin')) },
      { label: ask.createAccountLabel, onClick: () => ask.navigate(authPath(stored.returnTo, 'signup')) },
    ],
  });
}
