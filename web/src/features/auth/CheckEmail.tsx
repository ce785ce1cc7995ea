import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useResendLink } from './useResendLink';

/** "Check Your Email" after sign-up: resend the link, or go back to sign-in. */
export function CheckEmail({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { resend, resending: busy } = useResendLink();

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div aria-hidden="true" className="flex size-14 items-center justify-center rounded-pill bg-primary-soft text-primary">
        <MailCheck className="size-7" />
      </div>
      <p className="text-base text-fg">{t('auth.subtitle.checkEmail', { email })}</p>
      <p className="text-sm text-fg-muted">{t('auth.checkEmail.spam')}</p>
      <div className="flex w-full flex-col gap-3">
        <Button size="lg" onClick={() => void resend(email)} disabled={busy}>
          {busy ? t('auth.checkEmail.resending') : t('auth.checkEmail.resend')}
        </Button>
        <Button size="lg" variant="secondary" onClick={onBack}>
          {t('auth.checkEmail.back')}
        </Button>
      </div>
    </div>
  );
}
