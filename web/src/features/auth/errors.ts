import type { TFunction } from 'i18next';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/api/client';
import type { AuthField } from './validation';

/** Server field names -> the form's fields. */
const FIELD_OF: Record<string, AuthField | 'bot' | 'credentials' | 'token'> = {
  email: 'email',
  password: 'password',
  display_name: 'displayName',
  bot_token: 'bot',
  credentials: 'credentials',
  token: 'token',
};

/**
 * A server error key in the auth namespace's words (or a shared validation key such as
 * validation.invalid_text), else the server's message (01§8).
 */
export function messageOf(key: string | undefined, serverMessage: string | undefined, t: TFunction): string {
  if (key && (key.startsWith('auth.') || key.startsWith('validation.')) && i18n.exists(key)) return t(key);
  if (serverMessage) return serverMessage;
  return t('auth.generic');
}

export interface DescribedError {
  /** The toast's description: the first field error, else the error's own message. */
  message: string;
  fields: Partial<Record<AuthField | 'bot' | 'credentials' | 'token', string>>;
  /** Field keys as the server sent them (auth.email_unverified...). */
  keys: string[];
  status: number;
  code: string;
  attemptsRemaining?: number;
}

/** What a failed auth call means for the form: messages per field and the toast text. */
export function describeAuthError(err: unknown, t: TFunction): DescribedError {
  if (!(err instanceof ApiError)) {
    return { message: t('auth.generic'), fields: {}, keys: [], status: 0, code: 'internal' };
  }
  const out: DescribedError = { message: '', fields: {}, keys: [], status: err.status, code: err.code };
  for (const f of err.fields) {
    if (f.field === 'attempts_remaining') {
      const n = Number(f.message);
      if (Number.isFinite(n)) out.attemptsRemaining = n;
      continue;
    }
    out.keys.push(f.key);
    const field = FIELD_OF[f.field];
    const msg = messageOf(f.key, f.message, t);
    if (field && !out.fields[field]) out.fields[field] = msg;
    if (!out.message) out.message = msg;
  }
  if (!out.message) {
    if (err.code === 'rate_limited') out.message = t('auth.rate_limited');
    else if (err.status === 0) out.message = t('auth.network');
    else out.message = err.message || t('auth.generic');
  }
  return out;
}
