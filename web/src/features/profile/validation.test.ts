import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProfileFetcher, PROFILE_BREAKER_RESET_MS, PROFILE_THROTTLE_MS, ProfileFetchError } from './profileFetcher';
import { addSpecialty, changedFields, sanitizeText, validateProfile, type ProfileForm } from './validation';

const base: ProfileForm = {
  display_name: 'Dana Agent',
  business_name: '',
  avatar_url: '',
  specialties: [],
  phone: '',
  city: '',
  state: '',
  zip_code: '',
};

describe('F-AUTH-08 profile field rules (03§5)', () => {
  it('accepts a good profile', () => {
    expect(
      validateProfile({ ...base, phone: '+1 (555) 010-2000', city: 'Austin', state: 'tx', zip_code: '78701-1234', avatar_url: 'https://x.test/a.png' }),
    ).toEqual({});
  });

  it('names each broken rule', () => {
    expect(
      validateProfile({
        display_name: 'D',
        business_name: 'b'.repeat(101),
        avatar_url: 'ftp://x',
        specialties: ['s'.repeat(51)],
        phone: 'call me',
        city: 'A',
        state: 'ZZ',
        zip_code: '1234',
      }),
    ).toEqual({
      display_name: { key: 'profile.errors.minLength', n: 2 },
      business_name: { key: 'profile.errors.maxLength', n: 100 },
      avatar_url: { key: 'profile.errors.url' },
      specialties: { key: 'profile.errors.specialtyLength', n: 50 },
      phone: { key: 'profile.errors.phone' },
      city: { key: 'profile.errors.minLength', n: 2 },
      state: { key: 'profile.errors.state' },
      zip_code: { key: 'profile.errors.zip' },
    });
    expect(validateProfile({ ...base, display_name: '  ' }).display_name).toEqual({ key: 'profile.errors.required' });
    expect(validateProfile({ ...base, phone: '1'.repeat(21) }).phone).toEqual({ key: 'profile.errors.phone' });
    expect(validateProfile({ ...base, specialties: Array.from({ length: 21 }, (_, i) => `s${i}`) }).specialties).toEqual({
      key: 'profile.errors.specialtyCount',
      n: 20,
    });
  });

  it('specialty tags are trimmed, sanitised and unique', () => {
    expect(addSpecialty(['Luxury'], ' luxury ')).toEqual(['Luxury']);
    expect(addSpecialty(['Luxury'], '  ')).toEqual(['Luxury']);
    expect(addSpecialty([], '<b>Condos</b>')).toEqual(['Condos']);
    expect(sanitizeText('<script>alert(1)</script>Hi javascript:x onclick=y')).toBe('Hi x y');
  });

  it('only changed fields are sent', () => {
    expect(changedFields(base, { ...base, city: ' Austin ', state: 'tx' })).toEqual({ city: 'Austin', state: 'TX' });
    expect(changedFields(base, base)).toEqual({});
  });
});

describe('F-AUTH-08 profile fetch cache, throttle, timeout and breaker (01§4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('skips calls closer than 2 s apart', async () => {
    const load = vi.fn(() => Promise.resolve({ n: 1 }));
    const f = createProfileFetcher(load);
    await f.fetch();
    await f.fetch();
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PROFILE_THROTTLE_MS);
    await f.fetch();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('times out after 12 s and opens the breaker for 5 s', async () => {
    const load = vi.fn(() => new Promise<never>(() => undefined));
    const f = createProfileFetcher(load);
    const p = f.fetch();
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(await caught).toBeInstanceOf(ProfileFetchError);
    expect(f.breakerOpen).toBe(true);
    await expect(f.fetch()).rejects.toMatchObject({ kind: 'breaker_open' });
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROFILE_BREAKER_RESET_MS);
    expect(f.breakerOpen).toBe(false);
  });

  it('retries once after 1 s on other errors, then opens the breaker', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({ n: 2 });
    const f = createProfileFetcher(load);
    const p = f.fetch();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(2);

    const failing = vi.fn().mockRejectedValue(new Error('500'));
    const g = createProfileFetcher(failing);
    const q = g.fetch().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await q).toMatchObject({ kind: 'failed' });
    expect(failing).toHaveBeenCalledTimes(2);
    expect(g.breakerOpen).toBe(true);
  });
});
