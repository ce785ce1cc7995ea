import { z } from 'zod';
import { fieldMessage } from '../../components/form/messages';

/**
 * The forms' rules as the server checks them (internal/vendorprofile, catalogwrite.Fields: the
 * generic 03§5 rules); messages are i18n keys. The shared 03§5 rule table (issue 30 item 6)
 * replaces these helpers when it lands.
 */
const R = 'vendorProfile.rules';
const required = fieldMessage(`${R}.required`);
const min = (n: number) => fieldMessage(`${R}.min`, { min: n });
const max = (n: number) => fieldMessage(`${R}.max`, { max: n });
const URL_RE = /^https?:\/\/\S+$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9 ().-]+$/;

/** Optional text of at most n characters. */
const optional = (n: number) => z.string().trim().max(n, max(n));
/** Required text of lo to hi characters (the name rule is 2 to 100). */
const requiredText = (lo: number, hi: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => v === '' || v.length >= lo, min(lo))
    .refine((v) => v.length <= hi, max(hi));
const url = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= 500 && URL_RE.test(v)), fieldMessage(`${R}.url`));
/** A picture: an http(s) URL or a path on Circle itself ("/demo/...", the media uploader's files). */
const mediaUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= 500 && (URL_RE.test(v) || /^\/(?!\/)\S*$/.test(v))), fieldMessage(`${R}.url`));
const email = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= 255 && EMAIL_RE.test(v)), fieldMessage(`${R}.email`));
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || (v.length <= 20 && PHONE_RE.test(v)), fieldMessage(`${R}.phone`));

export const representativeSchema = z
  .object({
    name: requiredText(2, 100),
    title: optional(100),
    email,
    phone,
    website: url,
    profile_picture_url: mediaUrl,
    license_number: optional(50),
    license_state: z.string(),
    years_experience: z.string().refine((v) => v === '' || (/^[0-9]+$/.test(v) && Number(v) <= 80), fieldMessage(`${R}.years`)),
    specialties: z.string().refine((v) => splitList(v).length <= 10 && splitList(v).every((s) => s.length <= 50), fieldMessage(`${R}.specialties`)),
    location: optional(100),
  })
  .refine((v) => v.license_number.trim() === '' || v.license_state !== '', { path: ['license_state'], message: required });

export type RepresentativeValues = z.input<typeof representativeSchema>;

export const questionSchema = z.object({
  question_text: requiredText(5, 500),
  answer_text: optional(5000),
});

export type QuestionValues = z.input<typeof questionSchema>;

export const profileSchema = z.object({
  name: requiredText(2, 100),
  description: optional(1000),
  website_url: url,
  phone,
  contact_email: email,
  logo_url: mediaUrl,
  support_hours: optional(100),
  service_states: z.array(z.string()).min(1, fieldMessage(`${R}.states`)),
});

export type ProfileValues = z.input<typeof profileSchema>;

/** A comma-separated list, trimmed, without empty entries. */
export function splitList(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Initials of a name for an avatar without a photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
