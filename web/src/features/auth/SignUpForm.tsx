import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { trackEvent } from '../../lib/monitoring';
import { toast } from '../../lib/toast';
import { useSignUp } from './api/sign-up';
import { BotCheck } from './botcheck/BotCheck';
import { PasswordField, TextField } from '../../components/form/Field';
import { StrengthMeter } from './components/StrengthMeter';
import { describeAuthError } from './errors';
import type { AuthValues } from './SignInForm';
import { useStrength } from './useStrength';
import { passwordMeetsRules, signUpErrors, type FieldErrors } from './validation';

/** The sign-up state ("Create Account"): Full Name, strength indicator and bot check (01§2, 01§5). */
export function SignUpForm({
  values,
  onChange,
  botKind,
  siteKey,
  onCreated,
}: {
  values: AuthValues;
  onChange: (patch: Partial<AuthValues>) => void;
  botKind: 'pow' | 'turnstile';
  siteKey?: string;
  onCreated: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors & { bot?: string }>({});
  // Busy from the strength check on, not only during the request.
  const [busy, setBusy] = useState(false);
  const signUp = useSignUp();
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botReset, setBotReset] = useState(0);
  const { strength, pending, check } = useStrength(values.password);
  const strengthId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const fail = (title: string, description: string) => toast({ title, description, variant: 'error' });
    const clientErrors = signUpErrors(values);
    if (Object.keys(clientErrors).length > 0) {
      const translated = Object.fromEntries(Object.entries(clientErrors).map(([k, v]) => [k, t(v)]));
      setErrors(translated);
      fail(t('auth.toast.signupFailed'), Object.values(translated)[0] ?? t('auth.generic'));
      return;
    }
    setBusy(true);
    // The strength indicator must report strong (01§5); score now if the pause has not passed.
    const scored = await check();
    if (!passwordMeetsRules(values.password) || (scored !== null && !scored.is_strong)) {
      setBusy(false);
      setErrors({ password: t('auth.weak_password') });
      fail(t('auth.toast.weakPassword'), t('auth.toast.weakPasswordBody'));
      return;
    }
    if (!botToken) {
      setBusy(false);
      setErrors({ bot: t('auth.toast.botRequiredBody') });
      fail(t('auth.toast.botRequired'), t('auth.toast.botRequiredBody'));
      return;
    }
    setErrors({});
    try {
      await signUp.mutateAsync({ email: values.email, password: values.password, displayName: values.displayName, botToken });
      toast({ title: t('auth.toast.accountCreated'), description: t('auth.toast.accountCreatedBody'), variant: 'success' });
      trackEvent('signup_success', { email: values.email.trim() });
      onCreated(values.email.trim());
    } catch (err) {
      const d = describeAuthError(err, t);
      setErrors({ email: d.fields.email, password: d.fields.password, displayName: d.fields.displayName, bot: d.fields.bot });
      if (d.keys.includes('botcheck.required')) fail(t('auth.toast.botRequired'), t('auth.toast.botRequiredBody'));
      else if (d.keys.includes('auth.weak_password')) fail(t('auth.toast.weakPassword'), t('auth.toast.weakPasswordBody'));
      else fail(t('auth.toast.signupFailed'), d.message);
      // A bot token is good for one try: start over with a new challenge.
      setBotToken(null);
      setBotReset((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('auth.fields.fullName')}
        name="displayName"
        autoComplete="name"
        required
        value={values.displayName}
        onChange={(e) => onChange({ displayName: e.target.value })}
        error={errors.displayName}
      />
      <TextField
        label={t('auth.fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={(e) => onChange({ email: e.target.value })}
        error={errors.email}
      />
      <PasswordField
        label={t('auth.fields.password')}
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(e) => onChange({ password: e.target.value })}
        error={errors.password}
        hint={t('auth.strength.rules')}
      />
      <StrengthMeter id={strengthId} strength={strength} pending={pending} />
      <div className="flex flex-col gap-1.5">
        <BotCheck key={`${botKind}-${botReset}`} kind={botKind} siteKey={siteKey} onToken={setBotToken} />
        {errors.bot ? <p className="text-sm font-medium text-danger">{errors.bot}</p> : null}
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.submit.signingUp') : t('auth.submit.signUp')}
      </Button>
    </form>
  );
}
