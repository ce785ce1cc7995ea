/** Client-side checks of the sign-in and sign-up forms (spec 01§5); the server checks again. */

import { z } from 'zod';

export type AuthField = 'email' | 'password' | 'displayName' | 'confirm';
type FieldErrors = Partial<Record<AuthField, string>>;

/** x@y.z with no spaces (03§5 email rule), at most 255 characters. */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e);
}

/** Sign-up password rule of 01§5: 8+ characters with upper and lower case, a digit and a symbol. */
export function passwordMeetsRules(password: string): boolean {
  return (
    password.length >= 8 &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}

/** i18n keys of the messages (auth namespace), by field. */
export function signInErrors(v: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(v.email)) errors.email = 'auth.invalid_email';
  if (v.password.length < 8) errors.password = 'auth.password_short';
  return errors;
}

export function signUpErrors(v: { email: string; password: string; displayName: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.displayName.trim()) errors.displayName = 'auth.name_required';
  if (!isValidEmail(v.email)) errors.email = 'auth.invalid_email';
  if (v.password.length < 8) errors.password = 'auth.password_short';
  return errors;
}

export function newPasswordErrors(v: { password: string; confirm: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (v.password.length < 8) errors.password = 'auth.password_short';
  else if (v.confirm !== v.password) errors.confirm = 'auth.reset.mismatch';
  return errors;
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** The new-password form's schema: the rules of newPasswordErrors, each message its i18n key. */
export const newPasswordSchema: z.ZodType<NewPasswordValues, NewPasswordValues> = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    for (const [field, key] of Object.entries(newPasswordErrors(values))) {
      ctx.addIssue({ code: 'custom', path: [field], message: key });
    }
  });

export interface ResetRequestValues {
  email: string;
}

export const resetRequestSchema: z.ZodType<ResetRequestValues, ResetRequestValues> = z.object({
  email: z.string().refine(isValidEmail, 'auth.invalid_email'),
});

/** The sign-up form's schema: the rules of signUpErrors, each message its i18n key. */
export const signUpSchema: z.ZodType<SignUpValues, SignUpValues> = z
  .object({ email: z.string(), password: z.string(), displayName: z.string() })
  .superRefine((values, ctx) => {
    for (const [field, key] of Object.entries(signUpErrors(values))) {
      ctx.addIssue({ code: 'custom', path: [field], message: key });
    }
  });

export interface SignUpValues {
  email: string;
  password: string;
  displayName: string;
}

export interface SignInValues {
  email: string;
  password: string;
}

/** The sign-in form's schema: the rules of signInErrors, each message its i18n key. */
export const signInSchema: z.ZodType<SignInValues, SignInValues> = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((values, ctx) => {
    for (const [field, key] of Object.entries(signInErrors(values))) {
      ctx.addIssue({ code: 'custom', path: [field], message: key });
    }
  });
