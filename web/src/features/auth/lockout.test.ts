import { describe, expect, it } from 'vitest';
import { formatCountdown, lockMinutes, secondsLeft, shouldWarnAttempts } from './lockout';
import { isValidEmail, passwordMeetsRules, signInErrors, signUpErrors } from './validation';

describe('F-AUTH-04 lockout countdown and warning', () => {
  it('N minutes is the seconds divided by 60, rounded up (01§8)', () => {
    expect(lockMinutes(900)).toBe(15);
    expect(lockMinutes(899)).toBe(15);
    expect(lockMinutes(841)).toBe(15);
    expect(lockMinutes(840)).toBe(14);
    expect(lockMinutes(1)).toBe(1);
    expect(lockMinutes(0)).toBe(1);
  });

  it('shows the countdown as m:ss, h:mm:ss from an hour', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('counts down from when the status was read', () => {
    expect(secondsLeft(900, 1000, 1000)).toBe(900);
    expect(secondsLeft(900, 1000, 2500)).toBe(899);
    expect(secondsLeft(900, 0, 900_000)).toBe(0);
    expect(secondsLeft(900, 0, 1_000_000)).toBe(0);
  });

  it('warns when 2 or fewer attempts remain (and not once locked)', () => {
    expect(shouldWarnAttempts(5)).toBe(false);
    expect(shouldWarnAttempts(3)).toBe(false);
    expect(shouldWarnAttempts(2)).toBe(true);
    expect(shouldWarnAttempts(1)).toBe(true);
    expect(shouldWarnAttempts(0)).toBe(false);
    expect(shouldWarnAttempts(null)).toBe(false);
  });
});

describe('F-AUTH-02 sign-in and sign-up rules', () => {
  it('checks e-mails as x@y.z', () => {
    expect(isValidEmail('agent@demo.test')).toBe(true);
    expect(isValidEmail('  agent@demo.test ')).toBe(true);
    for (const bad of ['', 'agent', 'agent@demo', '@demo.test', 'a b@demo.test', `${'a'.repeat(250)}@x.com`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('sign-in needs a valid e-mail and 8 characters of password', () => {
    expect(signInErrors({ email: 'x', password: 'short' })).toEqual({ email: 'auth.invalid_email', password: 'auth.password_short' });
    expect(signInErrors({ email: 'a@b.co', password: '12345678' })).toEqual({});
  });

  it('sign-up needs the Full Name too, and the password rule of 01§5', () => {
    expect(signUpErrors({ email: 'a@b.co', password: 'longenough', displayName: '  ' })).toEqual({ displayName: 'auth.name_required' });
    expect(passwordMeetsRules('Abcdefg1!')).toBe(true);
    expect(passwordMeetsRules('abcdefg1!')).toBe(false);
    expect(passwordMeetsRules('ABCDEFG1!')).toBe(false);
    expect(passwordMeetsRules('Abcdefgh!')).toBe(false);
    expect(passwordMeetsRules('Abcdefgh1')).toBe(false);
    expect(passwordMeetsRules('Ab1!')).toBe(false);
  });
});
