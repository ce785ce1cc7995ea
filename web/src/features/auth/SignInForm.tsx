import { AlertTriangle, Lock, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { browser } from '../../lib/browser';
import { trackEvent } from '../../lib/monitoring';
import { noticeFromAnswer } from '../../lib/sessionRuntime';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { EmailField } from './components/EmailField';
import { getLockoutStatus } from './api/lockout-status';
import { useSignIn } from './api/sign-in';
import { FieldErrorMessage, FormPasswordField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { describeAuthError } from './errors';
import { useResendLink } from './useResendLink';
import {
  formatCountdown,
  LOCK_CHECK_DELAY_MS,
  LOCK_RECHECK_AFTER_FAILURE_MS,
  lockMinutes,
  secondsLeft,
  shouldWarnAttempts,
} from './lockout';
import { isValidEmail, signInSchema, type SignInValues } from './validation';

interface Lock {
  seconds: number;
  since: number;
}

export interface AuthValues {
  email: string;
  password: string;
  displayName: string;
}

/** The sign-in state ("Welcome Back") with the lockout rules of 01§2 and 01§4. */
export function SignInForm({
  values,
  onChange,
  onForgot,
  onSignedIn,
}: {
  values: AuthValues;
  onChange: (patch: Partial<AuthValues>) => void;
  onForgot: () => void;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  // The page keeps what was typed across its forms: this form starts from it and reports edits.
  const form = useZodForm(signInSchema, { defaultValues: values, shouldFocusError: false });
  const errorText = useErrorText();
  const credentialsError = errorText(form.formState.errors.root?.credentials, '');
  const signIn = useSignIn();
  // Stays set after success: the form is leaving for where the viewer was going.
  const busy = signIn.isPending || signIn.isSuccess;
  const [lock, setLock] = useState<Lock | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [attempts, setAttempts] = useState<number | null>(null);
  const [unverified, setUnverified] = useState(false);
  const { resend, resending } = useResendLink();
  const checkSeq = useRef(0);

  const left = lock ? secondsLeft(lock.seconds, lock.since, now) : 0;
  const locked = lock !== null && left > 0;

  /** Reads the lock status of an e-mail; returns it (null when it could not be read). */
  async function readLock(email: string) {
    if (!isValidEmail(email)) return null;
    const seq = ++checkSeq.current;
    try {
      const st = await getLockoutStatus(email);
      if (seq !== checkSeq.current) return null;
      setAttempts(st.attempts_remaining);
      setLock(st.is_locked && st.time_remaining_seconds > 0 ? { seconds: st.time_remaining_seconds, since: Date.now() } : null);
      setNow(Date.now());
      return st;
    } catch {
      return null;
    }
  }

  // Lock status 500 ms after the e-mail changes (01§4).
  const email = form.watch('email');
  useEffect(() => {
    if (!isValidEmail(email)) {
      checkSeq.current += 1;
      return;
    }
    const timer = setTimeout(() => void readLock(email), LOCK_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [email]);

  // The countdown; the page reloads when it reaches zero (the typed e-mail is kept).
  useEffect(() => {
    if (!lock) return;
    const tick = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (secondsLeft(lock.seconds, lock.since, n) <= 0) {
        clearInterval(tick);
        writeStorage('session', STORAGE_KEYS.pendingEmail, email);
        browser.reload();
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [lock, email]);

  function fail(message: string) {
    toast({ title: t('auth.toast.loginFailed'), description: message, variant: 'error' });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || locked) return;
    setUnverified(false);
    void form.handleSubmit(submit, (errors) => {
      fail(errorText(errors.email ?? errors.password, '') ?? t('auth.generic'));
    })(e);
  }

  async function submit(current: SignInValues) {
    try {
      const answer = await signIn.mutateAsync({ email: current.email, password: current.password });
      toast({ title: t('auth.toast.welcomeBack'), description: t('auth.toast.welcomeBackBody'), variant: 'success' });
      if (answer.warning) noticeFromAnswer(answer.profile.user_id, { warning: answer.warning });
      trackEvent('login_success', { email: answer.profile.email });
      onSignedIn();
    } catch (err) {
      const d = describeAuthError(err, t);
      if (d.code === 'locked') {
        // Re-read the lock 100 ms after the failure for the countdown and N minutes.
        await new Promise((r) => setTimeout(r, LOCK_RECHECK_AFTER_FAILURE_MS));
        const st = await readLock(current.email);
        toast({
          title: t('auth.toast.accountLocked'),
          description: st ? t('auth.locked', { minutes: lockMinutes(st.time_remaining_seconds) }) : d.message,
          variant: 'error',
        });
        return;
      }
      const notVerified = d.keys.includes('auth.email_unverified');
      setUnverified(notVerified);
      // The unverified notice above the form says it (with the resend button); not twice.
      if (d.fields.email && !notVerified) form.setError('email', { type: SERVER_ERROR, message: d.fields.email });
      if (d.fields.password) form.setError('password', { type: SERVER_ERROR, message: d.fields.password });
      if (d.fields.credentials) form.setError('root.credentials', { type: SERVER_ERROR, message: d.fields.credentials });
      if (typeof d.attemptsRemaining === 'number') setAttempts(d.attemptsRemaining);
      fail(d.message);
      if (d.fields.credentials) {
        setTimeout(() => void readLock(current.email), LOCK_RECHECK_AFTER_FAILURE_MS);
      }
      return;
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-describedby={credentialsError ? 'signin-credentials' : undefined}>
      {locked ? (
        <div role="alert" className="flex gap-3 rounded-control border border-danger/40 bg-danger-soft p-3 text-danger-strong">
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-semibold">{t('auth.lock.title')}</p>
            <p>{t('auth.locked', { minutes: lockMinutes(left) })}</p>
            <p>
              {t('auth.lock.countdown')}{' '}
              <span className="tabular font-semibold" data-testid="lock-countdown">
                {formatCountdown(left)}
              </span>
            </p>
            <p>{t('auth.lock.reloadNote')}</p>
          </div>
        </div>
      ) : shouldWarnAttempts(attempts) ? (
        <div role="alert" className="flex gap-3 rounded-control border border-pro/50 bg-warning-soft p-3 text-warning-strong">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="text-sm font-medium">{t('auth.lock.warning', { n: attempts })}</p>
        </div>
      ) : null}
      {unverified ? (
        <div role="alert" className="flex flex-col gap-2 rounded-control border border-pro/50 bg-warning-soft p-3 text-warning-strong">
          <p className="flex gap-2 text-sm font-medium">
            <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('auth.email_unverified')}
          </p>
          <Button size="sm" variant="secondary" className="self-start" onClick={() => void resend(email)} disabled={resending}>
            {resending ? t('auth.checkEmail.resending') : t('auth.checkEmail.resend')}
          </Button>
        </div>
      ) : null}
      <EmailField form={form} onEmail={(email) => onChange({ email })} />
      <FormPasswordField
        form={form}
        label={t('auth.fields.password')}
        name="password"
        autoComplete="current-password"
        required
        onChange={(e) => onChange({ password: e.target.value })}
      />
      {credentialsError ? <FieldErrorMessage id="signin-credentials">{credentialsError}</FieldErrorMessage> : null}
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="rounded-control text-sm font-medium text-primary hover:underline">
          {t('auth.forgot')}
        </button>
      </div>
      <Button type="submit" size="lg" disabled={busy || locked}>
        {busy ? t('auth.submit.signingIn') : t('auth.submit.signIn')}
      </Button>
    </form>
  );
}
