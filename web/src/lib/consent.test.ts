import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  browserSignalsDoNotTrack,
  CONSENT_VERSION,
  parseConsent,
  readConsent,
  saveConsent,
  shouldShowConsentBanner,
} from './consent';
import { STORAGE_KEYS } from './storage';

const valid = {
  necessary: true,
  analytics: true,
  functional: false,
  marketing: false,
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '1.0',
};

describe('F-APP-04 consent validity', () => {
  it('accepts a stored consent of version 1.0', () => {
    expect(CONSENT_VERSION).toBe('1.0');
    expect(parseConsent(JSON.stringify(valid))).toEqual(valid);
  });

  it('treats another version as absent', () => {
    expect(parseConsent(JSON.stringify({ ...valid, version: '0.9' }))).toBeNull();
    expect(parseConsent(JSON.stringify({ ...valid, version: 1 }))).toBeNull();
    const { version: _v, ...noVersion } = valid;
    expect(parseConsent(JSON.stringify(noVersion))).toBeNull();
  });

  it('treats malformed consent as absent', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('{')).toBeNull();
    expect(parseConsent('"yes"')).toBeNull();
    expect(parseConsent(JSON.stringify({ ...valid, necessary: false }))).toBeNull();
    expect(parseConsent(JSON.stringify({ ...valid, analytics: 'yes' }))).toBeNull();
    expect(parseConsent(JSON.stringify({ ...valid, timestamp: 'never' }))).toBeNull();
  });

  it('stores {necessary, analytics, functional, marketing, timestamp, version} under circle-cookie-consent', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    saveConsent(ACCEPT_ALL, now);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent) ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      functional: true,
      marketing: true,
      timestamp: now.toISOString(),
      version: '1.0',
    });
    expect(STORAGE_KEYS.consent).toBe('circle-cookie-consent');
    expect(readConsent()?.marketing).toBe(true);
  });

  it('recognises do-not-track and Global Privacy Control', () => {
    expect(browserSignalsDoNotTrack({ navigator: { doNotTrack: '1' }, window: {} })).toBe(true);
    expect(browserSignalsDoNotTrack({ navigator: {}, window: { doNotTrack: '1' } })).toBe(true);
    expect(browserSignalsDoNotTrack({ navigator: { globalPrivacyControl: true }, window: {} })).toBe(true);
    expect(browserSignalsDoNotTrack({ navigator: { doNotTrack: '0' }, window: {} })).toBe(false);
    expect(browserSignalsDoNotTrack({ navigator: { doNotTrack: 'unspecified' }, window: { doNotTrack: null } })).toBe(false);
  });

  it('shows the banner only without valid consent and without do-not-track', () => {
    expect(shouldShowConsentBanner(null, false)).toBe(true);
    expect(shouldShowConsentBanner(null, true)).toBe(false);
    expect(shouldShowConsentBanner(parseConsent(JSON.stringify(valid)), false)).toBe(false);
  });
});
