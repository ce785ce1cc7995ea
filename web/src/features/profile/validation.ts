/** Field rules of spec 03§5 for /profile-settings; the server checks the same and answers per field. */

import { z } from 'zod';
import { fieldMessage } from '../../components/form/messages';

import { CA_PROVINCES, US_STATES } from '../../lib/regions';

export { CA_PROVINCES, US_STATES };

export const MAX_SPECIALTIES = 20;
export const MAX_SPECIALTY_LENGTH = 50;

export interface ProfileForm {
  display_name: string;
  business_name: string;
  avatar_url: string;
  specialties: string[];
  phone: string;
  city: string;
  state: string;
  zip_code: string;
}

export type ProfileField = keyof ProfileForm;

/** A message: an i18n key of the profile namespace and its values (the field's label is added). */
export interface Rule {
  key: string;
  n?: number;
}

type ProfileErrors = Partial<Record<ProfileField, Rule>>;

const PHONE = /^\+?[0-9 ().-]+$/;
const ZIP = /^[0-9]{5}(-[0-9]{4})?$/;

/** Strips script tags, HTML tags, "javascript:" and inline handler prefixes (03§5 sanitiser). */
export function sanitizeText(s: string): string {
  return s
    .replace(/<script[\s\S]*?>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/javascript:/gi, '')
    .replace(/\bon[a-z]+\s*=/gi, '');
}

export function validateProfile(f: ProfileForm): ProfileErrors {
  const e: ProfileErrors = {};
  const name = f.display_name.trim();
  if (!name) e.display_name = { key: 'profile.errors.required' };
  else if ([...name].length < 2) e.display_name = { key: 'profile.errors.minLength', n: 2 };
  else if ([...name].length > 100) e.display_name = { key: 'profile.errors.maxLength', n: 100 };
  if ([...f.business_name.trim()].length > 100) e.business_name = { key: 'profile.errors.maxLength', n: 100 };
  const url = f.avatar_url.trim();
  if (url && (url.length > 500 || !/^(https?:\/\/|\/media\/)/i.test(url))) e.avatar_url = { key: 'profile.errors.url' };
  const phone = f.phone.trim();
  if (phone && (phone.length > 20 || !PHONE.test(phone))) e.phone = { key: 'profile.errors.phone' };
  const city = f.city.trim();
  if (city && [...city].length < 2) e.city = { key: 'profile.errors.minLength', n: 2 };
  else if ([...city].length > 100) e.city = { key: 'profile.errors.maxLength', n: 100 };
  const state = f.state.trim().toUpperCase();
  if (state && !(US_STATES as readonly string[]).includes(state) && !(CA_PROVINCES as readonly string[]).includes(state)) {
    e.state = { key: 'profile.errors.state' };
  }
  const zip = f.zip_code.trim();
  if (zip && !ZIP.test(zip)) e.zip_code = { key: 'profile.errors.zip' };
  if (f.specialties.some((s) => [...s].length > MAX_SPECIALTY_LENGTH)) {
    e.specialties = { key: 'profile.errors.specialtyLength', n: MAX_SPECIALTY_LENGTH };
  } else if (f.specialties.length > MAX_SPECIALTIES) {
    e.specialties = { key: 'profile.errors.specialtyCount', n: MAX_SPECIALTIES };
  }
  return e;
}

/** The profile form's schema: the rules of validateProfile, each message its i18n key (the form adds the label). */
export const profileSchema: z.ZodType<ProfileForm, ProfileForm> = z
  .object({
    display_name: z.string(),
    business_name: z.string(),
    avatar_url: z.string(),
    specialties: z.array(z.string()),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
  })
  .superRefine((form, ctx) => {
    for (const [field, rule] of Object.entries(validateProfile(form)) as [ProfileField, Rule][]) {
      ctx.addIssue({ code: 'custom', path: [field], message: fieldMessage(rule.key, rule.n === undefined ? undefined : { n: rule.n }) });
    }
  });

/** Adds a specialty tag: trimmed, sanitised, no case-insensitive duplicates, empty ignored. */
export function addSpecialty(list: string[], raw: string): string[] {
  const s = sanitizeText(raw).trim();
  if (!s || list.some((x) => x.toLowerCase() === s.toLowerCase())) return list;
  return [...list, s];
}

const TEXT_FIELDS: readonly ProfileField[] = ['display_name', 'business_name', 'city'];

/** The fields that differ from the saved profile (PATCH sends only those). */
export function changedFields(saved: ProfileForm, form: ProfileForm): Partial<ProfileForm> {
  const out: Partial<ProfileForm> = {};
  for (const k of Object.keys(form) as ProfileField[]) {
    const a = saved[k];
    const b = form[k];
    const same = Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
    if (same) continue;
    (out as Record<string, unknown>)[k] = Array.isArray(b) ? b : TEXT_FIELDS.includes(k) ? sanitizeText(b).trim() : b.trim();
  }
  if (out.state !== undefined) out.state = out.state.toUpperCase();
  return out;
}

/**
 * Whether the page may show an image from this URL: the Content Security Policy allows images
 * from Circle itself only (img-src 'self'), so other hosts would be refused (and logged).
 */
export function displayableImage(url: string | undefined, origin: string = window.location.origin): boolean {
  if (!url) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
