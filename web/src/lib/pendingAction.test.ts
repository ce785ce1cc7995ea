import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askToSignIn,
  authPath,
  clearPendingAction,
  PENDING_ACTION_MAX_AGE_MS,
  readPendingAction,
  savePendingAction,
  takePendingAction,
} from './pendingAction';
import { STORAGE_KEYS } from './storage';
import { getToasts, resetToasts } from './toast';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

afterEach(() => {
  clearPendingAction();
  resetToasts();
});

// Issue 18 item 7 (F-CAT-07, F-PAY-03): a visitor's action waits in this tab for sign-in.
describe('pending action', () => {
  it('stores the action in sessionStorage and reads it back', () => {
    savePendingAction({ kind: 'save', serviceId: 's1', returnTo: '/marketplace?service=s1&view=details' }, T0);
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingAction)).not.toBeNull();
    expect(readPendingAction(T0 + 1000)).toEqual({ kind: 'save', serviceId: 's1', returnTo: '/marketplace?service=s1&view=details', at: T0 });
  });

  it('is handed out once', () => {
    savePendingAction({ kind: 'discount', serviceId: 's2', returnTo: '/marketplace' }, T0);
    expect(takePendingAction(['save', 'discount'], T0)?.serviceId).toBe('s2');
    expect(takePendingAction(['save', 'discount'], T0)).toBeNull();
    expect(readPendingAction(T0)).toBeNull();
  });

  it('stays for the feature that owns its kind', () => {
    savePendingAction({ kind: 'cart', serviceId: 's3', returnTo: '/' }, T0);
    expect(takePendingAction(['save', 'discount'], T0)).toBeNull();
    expect(takePendingAction(['cart'], T0)?.kind).toBe('cart');
  });

  it('expires after 30 minutes (injected clock)', () => {
    savePendingAction({ kind: 'save', serviceId: 's4', returnTo: '/' }, T0);
    expect(readPendingAction(T0 + PENDING_ACTION_MAX_AGE_MS)).not.toBeNull();
    expect(readPendingAction(T0 + PENDING_ACTION_MAX_AGE_MS + 1)).toBeNull();
    expect(takePendingAction(['save'], T0 + PENDING_ACTION_MAX_AGE_MS + 1)).toBeNull();
    // The expired one is gone, not kept for a later clock.
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingAction)).toBeNull();
  });

  it('the last action tried replaces an earlier one', () => {
    savePendingAction({ kind: 'save', serviceId: 'a', returnTo: '/' }, T0);
    savePendingAction({ kind: 'cart', serviceId: 'b', returnTo: '/' }, T0 + 1);
    expect(readPendingAction(T0 + 2)).toMatchObject({ kind: 'cart', serviceId: 'b' });
  });

  it('ignores malformed data and returns only to same-site paths', () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingAction, '{nope');
    expect(readPendingAction(T0)).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.pendingAction, JSON.stringify({ kind: 'buy', serviceId: 'x', returnTo: '/', at: T0 }));
    expect(readPendingAction(T0)).toBeNull();
    savePendingAction({ kind: 'save', serviceId: 'x', returnTo: '//evil.example/' }, T0);
    expect(readPendingAction(T0)?.returnTo).toBe('/');
  });

  it('asks with a toast offering Sign in and Create account, both coming back', () => {
    const navigate = vi.fn();
    askToSignIn(
      {
        kind: 'save',
        serviceId: 's5',
        returnTo: '/marketplace?service=s5&view=details',
        title: 'Please sign in',
        description: 'You need to be signed in to save services.',
        signInLabel: 'Sign In',
        createAccountLabel: 'Create Account',
        navigate,
      },
      T0,
    );
    expect(readPendingAction(T0)?.serviceId).toBe('s5');
    const [shown] = getToasts();
    expect(shown?.title).toBe('Please sign in');
    expect(shown?.actions?.map((a) => a.label)).toEqual(['Sign In', 'Create Account']);
    shown?.actions?.[0]?.onClick();
    shown?.actions?.[1]?.onClick();
    const back = encodeURIComponent('/marketplace?service=s5&view=details');
    expect(navigate.mock.calls).toEqual([[`/auth?redirect=${back}`], [`/auth?mode=signup&redirect=${back}`]]);
    expect(authPath('/x', 'signin')).toBe('/auth?redirect=%2Fx');
  });
});
