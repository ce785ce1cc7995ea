import { afterEach, describe, expect, it } from 'vitest';
import { noticeFromAnswer } from './sessionRuntime';
import { dismissNotice, isNoticeDismissed, noticeKindOfAlert, pushNotice, resetSessionNotices, useSessionNotices } from './sessionNotices';
import { renderHook } from '@testing-library/react';

afterEach(() => resetSessionNotices());

const pending = () => renderHook(() => useSessionNotices()).result.current.pending;

describe('F-AUTH-10 security notices and the concurrent-session warning', () => {
  it('maps session-control alerts to the spec dialogs; anything else is a Security Notice', () => {
    expect(noticeKindOfAlert('multiple_sessions')).toBe('multiple_sessions');
    expect(noticeKindOfAlert('ip_change')).toBe('ip_change');
    expect(noticeKindOfAlert('new_device')).toBe('new_device');
    expect(noticeKindOfAlert('something_new')).toBe('security_notice');
  });

  it('shows each notice once per user per browser session once dismissed', () => {
    expect(pushNotice({ kind: 'too_many', userId: 'u1', message: 'Too many active sessions. Please log out from other devices.' })).toBe(true);
    expect(pushNotice({ kind: 'too_many', userId: 'u1' })).toBe(false); // already showing
    dismissNotice({ kind: 'too_many', userId: 'u1' });
    expect(isNoticeDismissed('u1', 'too_many')).toBe(true);
    expect(pushNotice({ kind: 'too_many', userId: 'u1' })).toBe(false);
    // Another user in the same browser session still sees it.
    expect(pushNotice({ kind: 'too_many', userId: 'u2' })).toBe(true);
    // The memory lives in sessionStorage (the browser session).
    expect(JSON.parse(window.sessionStorage.getItem('circle-auth-notices') ?? '[]')).toEqual(['u1:too_many']);
  });

  it('a session-control answer queues its warning and alerts in order', () => {
    noticeFromAnswer('u3', {
      warning: 'Too many active sessions. Please log out from other devices.',
      alerts: ['multiple_sessions', 'new_device'],
      activeSessions: 5,
    });
    expect(pending().map((n) => n.kind)).toEqual(['too_many', 'multiple_sessions', 'new_device']);
    noticeFromAnswer('u3', { alerts: ['multiple_sessions'] });
    expect(pending()).toHaveLength(3);
  });
});
