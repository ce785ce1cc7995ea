import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { trackEvent } from '../../lib/monitoring';
import { toast } from '../../lib/toast';
import { EmailField } from './components/EmailField';
import { useSignUp } from './api/sign-up';
import { BotCheck } from './botcheck/BotCheck';
import { FormPasswordField, FormTextField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { StrengthMeter } from './components/StrengthMeter';
import { describeAuthError } from './errors';
import type { AuthValues } from './SignInForm';
import { useStrength } from './useStrength';
import { passwordMeetsRules, signUpSchema } from './validation';

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
  // The page keeps what was typed across its forms: this form starts from it and reports edits.
  const form = useZodForm(signUpSchema, { defaultValues: values, shouldFocusError: false });
  const errorText = useErrorText();
  const password = form.watch('password');
  // Busy from the strength check on, not only during the request.
  const [busy, setBusy] = useState(false);
  const signUp = useSignUp();
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botReset, setBotReset] = useState(0);
  const { strength, pending, check } = useStrength(password);
  const strengthId = useId();
  const fail = (title: string, description: string) => toast({ title, description, variant: 'error' });

  async function create(current: AuthValues) {
    setBusy(true);
    // The strength indicator must report strong (01§5); score now if the pause has not passed.
    const scored = await check();
    if (!passwordMeetsRules(current.password) || (scored !== null && !scored.is_strong)) {
      setBusy(false);
      form.setError('password', { message: 'auth.weak_password' });
      fail(t('auth.toast.weakPassword'), t('auth.toast.weakPasswordBody'));
      return;
    }
    if (!botToken) {
      setBusy(false);
      form.setError('root.bot', { message: 'auth.toast.botRequiredBody' });
      fail(t('auth.toast.botRequired'), t('auth.toast.botRequiredBody'));
      return;
    }
    try {
      await signUp.mutateAsync({ email: current.email, password: current.password, displayName: current.displayName, botToken });
      toast({ title: t('auth.toast.accountCreated'), description: t('auth.toast.accountCreatedBody'), variant: 'success' });
      trackEvent('signup_success', { email: current.email.trim() });
      onCreated(current.email.trim());
    } catch (err) {
      const d = describeAuthError(err, t);
      for (const field of ['email', 'password', 'displayName'] as const) {
        const message = d.fields[field];
        if (message) form.setError(field, { type: SERVER_ERROR, message });
      }
      if (d.fields.bot) form.setError('root.bot', { type: SERVER_ERROR, message: d.fields.bot });
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

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    void form.handleSubmit(create, (errors) => {
      const first = errors.displayName ?? errors.email ?? errors.password;
      fail(t('auth.toast.signupFailed'), errorText(first, '') ?? t('auth.generic'));
    })(e);
  }

  const botError = errorText(form.formState.errors.root?.bot, '');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormTextField
        form={form}
        label={t('auth.fields.fullName')}
        name="displayName"
        autoComplete="name"
        required
        onChange={(e) => onChange({ displayName: e.target.value })}
      />
      <EmailField form={form} onEmail={(email) => onChange({ email })} />
      <FormPasswordField
        form={form}
        label={t('auth.fields.password')}
        name="password"
        autoComplete="new-password"
        required
        onChange={(e) => onChange({ password: e.target.value })}
        hint={t('auth.strength.rules')}
      />
      <StrengthMeter id={strengthId} strength={strength} pending={pending} />
      <div className="flex flex-col gap-1.5">
        <BotCheck key={`${botKind}-${botReset}`} kind={botKind} siteKey={siteKey} onToken={setBotToken} />
        {botError ? <p className="text-sm font-medium text-danger">{botError}</p> : null}
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.submit.signingUp') : t('auth.submit.signUp')}
      </Button>
    </form>
  );
}
