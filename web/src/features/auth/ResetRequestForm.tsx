import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { EmailField } from './components/EmailField';
import { useRequestReset } from './api/request-reset';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { describeAuthError } from './errors';
import { resetRequestSchema, type ResetRequestValues } from './validation';

/** The "Reset Password" state: e-mails a reset link. */
export function ResetRequestForm({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  // The page keeps the typed e-mail across its forms: this form starts from it and reports edits.
  const form = useZodForm(resetRequestSchema, { defaultValues: { email }, shouldFocusError: false });
  const requestReset = useRequestReset();
  const busy = requestReset.isPending;
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send({ email }: ResetRequestValues) {
    try {
      await requestReset.mutateAsync(email);
      setSentTo(email.trim());
      toast({ title: t('auth.toast.resetSent'), description: t('auth.toast.resetSentBody'), variant: 'success' });
    } catch (err) {
      const d = describeAuthError(err, t);
      if (d.fields.email) form.setError('email', { type: SERVER_ERROR, message: d.fields.email });
      toast({ title: t('auth.toast.resetFailed'), description: t('auth.toast.resetFailedBody'), variant: 'error' });
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    void form.handleSubmit(send, () => {
      toast({ title: t('auth.toast.resetFailed'), description: t('auth.invalid_email'), variant: 'error' });
    })(e);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {sentTo ? (
        <div role="status" className="flex gap-3 rounded-control border border-savings/40 bg-savings-soft p-3 text-savings-strong">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="text-sm font-medium">{t('auth.reset.sent', { email: sentTo })}</p>
        </div>
      ) : null}
      <EmailField form={form} onEmail={onEmail} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.submit.resetting') : t('auth.submit.reset')}
      </Button>
    </form>
  );
}
