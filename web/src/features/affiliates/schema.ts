import { z } from 'zod';

/** The application form's rules, as the server checks them (internal/affiliates Validate); messages are i18n keys. */
export const applicationSchema = z.object({
  promotion: z.string().trim().min(10, 'affiliates.errors.promotion').max(2000, 'affiliates.errors.promotion'),
  audience: z.string().trim().max(500, 'affiliates.errors.audience'),
  website: z
    .string()
    .trim()
    .max(300, 'affiliates.errors.website')
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'affiliates.errors.website'),
  payout_email: z
    .string()
    .trim()
    .max(254, 'affiliates.errors.payoutEmail')
    .refine((v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), 'affiliates.errors.payoutEmail'),
});

export type ApplicationValues = z.input<typeof applicationSchema>;

/**
 * Server field keys (affiliates.<name>, named here without the prefix so they are not taken for
 * i18n keys) to the form's i18n keys.
 */
const SERVER_KEY_MESSAGES: Record<string, string> = {
  promotion: 'affiliates.errors.promotion',
  audience: 'affiliates.errors.audience',
  website: 'affiliates.errors.website',
  payout_email: 'affiliates.errors.payoutEmail',
  already_applied: 'affiliates.errors.alreadyApplied',
};

/** The form's i18n key of a server field key, if it has one. */
export function serverKeyMessage(key: string): string | undefined {
  return key.startsWith('affiliates.') ? SERVER_KEY_MESSAGES[key.slice('affiliates.'.length)] : undefined;
}

/** Basis points as a percent ("10%"). */
export function percent(bp: number): string {
  return `${bp / 100}%`;
}

/** Commissions to the cent ("$24.90"): whole-unit prices would hide what an affiliate earned. */
export function exactUSD(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-US', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);
}
