import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FLAG_DEFAULTS,
  parseFlagValue,
  parseStoredOverrides,
  parseUrlOverrides,
  resolveFlags,
  syncFeatureFlags,
  useFeatureFlag,
} from './flags';
import { STORAGE_KEYS } from './storage';

describe('F-APP-08 feature flags', () => {
  afterEach(() => {
    window.localStorage.clear();
    syncFeatureFlags('');
  });

  it('has the defaults of spec 02§6', () => {
    expect(FLAG_DEFAULTS).toEqual({
      marketplace: true,
      academy: true,
      adminPanel: true,
      sponsoredPlacements: false,
      sponsoredGrid: false,
      topDeals: false,
      sponsoredBadges: false,
      serviceBundles: false,
    });
    expect(resolveFlags({}, {})).toEqual(FLAG_DEFAULTS);
  });

  it('accepts on, true, off and false and ignores anything else', () => {
    expect(parseFlagValue('on')).toBe(true);
    expect(parseFlagValue('true')).toBe(true);
    expect(parseFlagValue('TRUE')).toBe(true);
    expect(parseFlagValue('off')).toBe(false);
    expect(parseFlagValue('false')).toBe(false);
    expect(parseFlagValue('1')).toBeUndefined();
    expect(parseFlagValue('yes')).toBeUndefined();
    expect(parseFlagValue('')).toBeUndefined();
    expect(parseFlagValue(null)).toBeUndefined();
  });

  it('reads storage overrides, ignoring unknown flags, non-booleans and bad JSON', () => {
    expect(parseStoredOverrides(JSON.stringify({ topDeals: true, marketplace: false }))).toEqual({
      topDeals: true,
      marketplace: false,
    });
    expect(parseStoredOverrides(JSON.stringify({ nope: true, academy: 'off', serviceBundles: 1 }))).toEqual({});
    expect(parseStoredOverrides('{not json')).toEqual({});
    expect(parseStoredOverrides('[true]')).toEqual({});
    expect(parseStoredOverrides('null')).toEqual({});
    expect(parseStoredOverrides(null)).toEqual({});
  });

  it('reads ff_{flag} URL overrides, ignoring invalid values and unknown flags', () => {
    expect(parseUrlOverrides('?ff_topDeals=on&ff_marketplace=false&ff_academy=maybe&ff_unknown=on')).toEqual({
      topDeals: true,
      marketplace: false,
    });
  });

  it('the URL wins over storage, which wins over the defaults', () => {
    const flags = resolveFlags({ topDeals: true, academy: false }, { academy: true, serviceBundles: true });
    expect(flags.topDeals).toBe(true);
    expect(flags.academy).toBe(true);
    expect(flags.serviceBundles).toBe(true);
    expect(flags.marketplace).toBe(true);
  });

  it('saves URL overrides to storage so they persist, keeping stored ones', () => {
    window.localStorage.setItem(STORAGE_KEYS.featureFlags, JSON.stringify({ sponsoredGrid: true }));
    const flags = syncFeatureFlags('?ff_marketplace=off');
    expect(flags.marketplace).toBe(false);
    expect(flags.sponsoredGrid).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.featureFlags) ?? '{}')).toEqual({
      sponsoredGrid: true,
      marketplace: false,
    });
    // Next visit without the parameter: still off.
    expect(syncFeatureFlags('').marketplace).toBe(false);
  });

  it('useFeatureFlag follows changes', () => {
    const { result } = renderHook(() => useFeatureFlag('topDeals'));
    expect(result.current).toBe(false);
    act(() => {
      syncFeatureFlags('?ff_topDeals=true');
    });
    expect(result.current).toBe(true);
  });
});
