import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { useResetPassword } from './api/reset-password';
import { PasswordField } from '../../components/form/Field';
import { StrengthMeter } from './components/StrengthMeter';
import { describeAuthError } from './errors';
import { useStrength } from './useStrength';
import { newPasswordErrors, passwordMeetsRules, type FieldErrors } from './validation';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Busy from the strength check on, not only during the request.
  const [busy, setBusy] = useState(false);
  const resetPassword = useResetPassword();
  const { strength, pending, check } = useStrength(password);
  const strengthId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const fail = (title: string, description: string) => toast({ title, description, variant: 'error' });
    const clientErrors = newPasswordErrors({ password, confirm });
    if (Object.keys(clientErrors).length > 0) {
      const translated = Object.fromEntries(Object.entries(clientErrors).map(([k, v]) => [k, t(v)]));
      setErrors(translated);
      fail(t('auth.toast.resetFailed'), Object.values(translated)[0] ?? t('auth.generic'));
      return;
    }
    setBusy(true);
    const scored = await check();
    if (!passwordMeetsRules(password) || (scored !== null && !scored.is_strong)) {
      setBusy(false);
      setErrors({ password: t('auth.weak_password') });
      fail(t('auth.toast.weakPassword'), t('auth.toast.weakPasswordBody'));
      return;
    }
    setErrors({});
    try {
      await resetPassword.mutateAsync({ token, password });
      toast({ title: t('auth.toast.passwordUpdated'), description: t('auth.reset.done'), variant: 'success' });
      onDone();
    } catch (err) {
      setBusy(false);
      const d = describeAuthError(err, t);
      if (d.keys.includes('auth.token_invalid') || d.fields.token) {
        onInvalidLink(d.fields.token ?? d.message);
        return;
      }
      setErrors({ password: d.fields.password });
      fail(t('auth.toast.resetFailed'), d.message);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <PasswordField
        label={t('auth.fields.newPassword')}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t('auth.strength.rules')}
      />
      <StrengthMeter id={strengthId} strength={strength} pending={pending} />
      <PasswordField
        label={t('auth.fields.confirm')}
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.submit.updating') : t('auth.submit.newPassword')}
      </Button>
    </form>
  );
}
