/** Client-side checks of the sign-in and sign-up forms (spec 01§5); the server checks again. */

export type AuthField = 'email' | 'password' | 'displayName' | 'confirm';
export type FieldErrors = Partial<Record<AuthField, string>>;

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
