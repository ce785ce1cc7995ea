import { describe, expect, it } from 'vitest';
import { createSecurityEventDeduper, isAdminPath, securityEventType, securityMonitoringActive } from './security';

describe('F-AUTH-12 security monitoring rules', () => {
  it('recognises admin, command-center, compliance and test paths', () => {
    for (const p of ['/admin', '/admin/outbox', '/command-center', '/command-center-test', '/compliance', '/qa/test']) {
      expect(isAdminPath(p), p).toBe(true);
    }
    for (const p of ['/', '/marketplace', '/profile-settings', '/auth']) expect(isAdminPath(p), p).toBe(false);
  });

  it('runs on admin paths, for admins anywhere, or everywhere when the global flag is on', () => {
    expect(securityMonitoringActive('/marketplace', false)).toBe(false);
    expect(securityMonitoringActive('/marketplace', true)).toBe(true);
    expect(securityMonitoringActive('/admin', false)).toBe(true);
    expect(securityMonitoringActive('/', false, true)).toBe(true);
  });

  it('deduplicates events per 10-second bucket and forgets them after 30 s', () => {
    let now = 100_000; // the start of a bucket
    const d = createSecurityEventDeduper(() => now);
    expect(d.shouldSend('auth_signed_in', 'u1')).toBe(true);
    now += 9_999;
    expect(d.shouldSend('auth_signed_in', 'u1')).toBe(false);
    expect(d.shouldSend('auth_signed_in', 'u2')).toBe(true);
    expect(d.shouldSend('auth_token_refreshed', 'u1')).toBe(true);
    now += 1;
    expect(d.shouldSend('auth_signed_in', 'u1')).toBe(true);
    now += 30_000;
    d.shouldSend('other', 'u1');
    expect(d.size).toBe(1);
  });

  it('names events after the auth state change', () => {
    expect(securityEventType('SIGNED_IN')).toBe('auth_signed_in');
    expect(securityEventType('TOKEN_REFRESHED')).toBe('auth_token_refreshed');
  });
});
