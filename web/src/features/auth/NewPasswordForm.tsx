import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { useResetPassword } from './api/reset-password';
import { FormPasswordField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { StrengthMeter } from './components/StrengthMeter';
import { describeAuthError } from './errors';
import { useStrength } from './useStrength';
import { newPasswordSchema, passwordMeetsRules, type NewPasswordValues } from './validation';

/** The form behind a reset link (/auth?reset=TOKEN): a new password, scored like sign-up's. */
export function NewPasswordForm({
  token,
  onDone,
  onInvalidLink,
}: {
  token: string;
  onDone: () => void;
  onInvalidLink: (message: string) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(newPasswordSchema, { defaultValues: { password: '', confirm: '' }, shouldFocusError: false });
  const errorText = useErrorText();
  const password = form.watch('password');
  // Busy from the strength check on, not only during the request.
  const [busy, setBusy] = useState(false);
  const resetPassword = useResetPassword();
  const { strength, pending, check } = useStrength(password);
  const strengthId = useId();
  const fail = (title: string, description: string) => toast({ title, description, variant: 'error' });

  async function save(values: NewPasswordValues) {
    setBusy(true);
    const scored = await check();
    if (!passwordMeetsRules(values.password) || (scored !== null && !scored.is_strong)) {
      setBusy(false);
      form.setError('password', { message: 'auth.weak_password' });
      fail(t('auth.toast.weakPassword'), t('auth.toast.weakPasswordBody'));
      return;
    }
    try {
      await resetPassword.mutateAsync({ token, password: values.password });
      toast({ title: t('auth.toast.passwordUpdated'), description: t('auth.reset.done'), variant: 'success' });
      onDone();
    } catch (err) {
      setBusy(false);
      const d = describeAuthError(err, t);
      if (d.keys.includes('auth.token_invalid') || d.fields.token) {
        onInvalidLink(d.fields.token ?? d.message);
        return;
      }
      if (d.fields.password) form.setError('password', { type: SERVER_ERROR, message: d.fields.password });
      fail(t('auth.toast.resetFailed'), d.message);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    void form.handleSubmit(save, (errors) => {
      fail(t('auth.toast.resetFailed'), errorText(errors.password ?? errors.confirm, '') ?? t('auth.generic'));
    })(e);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormPasswordField
        form={form}
        label={t('auth.fields.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        hint={t('auth.strength.rules')}
      />
      <StrengthMeter id={strengthId} strength={strength} pending={pending} />
      <FormPasswordField
        form={form}
        label={t('auth.fields.confirm')}
        name="confirm"
        autoComplete="new-password"
        required
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.submit.updating') : t('auth.submit.newPassword')}
      </Button>
    </form>
  );
}
