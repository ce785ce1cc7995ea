import { describe, expect, it } from 'vitest';
import { initials, profileSchema, representativeSchema, splitList } from './schema';

const PROFILE = { name: 'ClosingBell', description: '', website_url: '', phone: '', contact_email: '', logo_url: '', support_hours: '', service_states: ['TX'] };
const REP = { name: 'Ana Ruiz', title: '', email: '', phone: '', website: '', profile_picture_url: '', license_number: '', license_state: '', years_experience: '', specialties: '', location: '' };

describe('F-AREA-01 vendor profile rules', () => {
  it('accepts a picture on Circle itself or an http(s) URL, and nothing else', () => {
    expect(profileSchema.safeParse({ ...PROFILE, logo_url: '/demo/logos/closingbell.svg' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...PROFILE, logo_url: 'https://cdn.example.com/a.png' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...PROFILE, logo_url: '//evil.example/a.png' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...PROFILE, website_url: '/about' }).success).toBe(false);
    expect(profileSchema.safeParse({ ...PROFILE, service_states: [] }).success).toBe(false);
  });

  it('needs a licence state with a licence number, years 0-80 and at most 10 specialties', () => {
    expect(representativeSchema.safeParse({ ...REP, license_number: 'TC-1' }).success).toBe(false);
    expect(representativeSchema.safeParse({ ...REP, license_number: 'TC-1', license_state: 'TX' }).success).toBe(true);
    expect(representativeSchema.safeParse({ ...REP, years_experience: '81' }).success).toBe(false);
    expect(representativeSchema.safeParse({ ...REP, specialties: Array.from({ length: 11 }, (_, i) => `s${i}`).join(',') }).success).toBe(false);
    expect(splitList(' a, ,b ,')).toEqual(['a', 'b']);
    expect(initials('jordan  reyes smith')).toBe('JR');
  });
});
