import { z } from 'zod';

/** Choice ids, as the server lists them (internal/creators rules.go). */
export const PLATFORMS = ['youtube', 'instagram', 'tiktok', 'facebook', 'linkedin', 'x', 'podcast', 'blog', 'newsletter'] as const;
export const NICHES = ['listing_marketing', 'lead_generation', 'social_media', 'coaching', 'tech_tools', 'investing', 'luxury', 'first_time_buyers', 'team_building', 'compliance'] as const;
export const CONTENT_KINDS = ['video', 'article', 'podcast', 'social', 'newsletter', 'course'] as const;

const webAddress = (v: string) => /^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/.test(v);

/** The application's rules, as the server checks them (CreatorApplicationInput.Validate); messages are i18n keys. */
export const applicationSchema = z.object({
  display_name: z.string().trim().min(2, 'creators.errors.displayName').max(80, 'creators.errors.displayName'),
  bio: z.string().trim().max(1000, 'creators.errors.bio'),
  website: z
    .string()
    .trim()
    .max(300, 'creators.errors.website')
    .refine((v) => v === '' || webAddress(v), 'creators.errors.website'),
  audience_size: z
    .string()
    .trim()
    .refine((v) => /^\d{1,10}$/.test(v.replace(/[,\s]/g, '')) && Number(v.replace(/[,\s]/g, '')) <= 1_000_000_000, 'creators.errors.audienceSize'),
  platforms: z.array(z.string()).min(1, 'creators.errors.platforms'),
  niches: z.array(z.string()).min(1, 'creators.errors.niches').max(5, 'creators.errors.niches'),
  content_plan: z.string().trim().min(30, 'creators.errors.contentPlan').max(3000, 'creators.errors.contentPlan'),
});
export type ApplicationValues = z.input<typeof applicationSchema>;

/** Today in UTC as YYYY-MM-DD (the server's "not in the future"). */
export function todayUTC(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A piece of content's rules (CreatorContentInput.Validate). */
export const contentSchema = z.object({
  title: z.string().trim().min(3, 'creators.errors.title').max(200, 'creators.errors.title'),
  url: z
    .string()
    .trim()
    .max(2000, 'creators.errors.url')
    .refine((v) => webAddress(v), 'creators.errors.url'),
  kind: z.enum(CONTENT_KINDS, { message: 'creators.errors.kind' }),
  published_on: z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v <= todayUTC() && v >= '1990-01-01', 'creators.errors.publishedOn'),
});
export type ContentValues = z.input<typeof contentSchema>;

/** The test-mode bank form. The numbers go to the payment provider; the app keeps none of them. */
export const testBankSchema = z.object({
  holder_name: z.string().trim().min(1, 'creators.errors.holderName').max(120, 'creators.errors.holderName'),
  routing_number: z
    .string()
    .trim()
    .refine((v) => /^\d{9}$/.test(v.replace(/\s/g, '')), 'creators.errors.routing'),
  account_number: z
    .string()
    .trim()
    .refine((v) => /^\d{4,17}$/.test(v.replace(/\s/g, '')), 'creators.errors.account'),
});
export type TestBankValues = z.input<typeof testBankSchema>;

/** Server field keys (creators.<name>, named here without the prefix so they are not taken for i18n keys) to the forms' i18n keys. */
const SERVER_KEY_MESSAGES: Record<string, string> = {
  display_name: 'creators.errors.displayName',
  bio: 'creators.errors.bio',
  website: 'creators.errors.website',
  audience_size: 'creators.errors.audienceSize',
  platforms: 'creators.errors.platforms',
  niches: 'creators.errors.niches',
  content_plan: 'creators.errors.contentPlan',
  already_applied: 'creators.errors.alreadyApplied',
  title: 'creators.errors.title',
  url: 'creators.errors.url',
  kind: 'creators.errors.kind',
  published_on: 'creators.errors.publishedOn',
  too_much_content: 'creators.errors.tooMuchContent',
  test_bank: 'creators.errors.testBank',
  test_bank_no_account: 'creators.errors.testBankNoAccount',
  holder_name: 'creators.errors.holderName',
};

/** The form's i18n key of a server field key, if it has one. */
export function serverKeyMessage(key: string): string | undefined {
  return key.startsWith('creators.') ? SERVER_KEY_MESSAGES[key.slice('creators.'.length)] : undefined;
}

/** Money to the cent ("$24.90"): commissions are paid to the cent. */
export function exactUSD(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);
}
