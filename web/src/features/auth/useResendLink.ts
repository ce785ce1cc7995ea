import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { useResendVerification } from './api/resend-verification';

/** Sends an address its verification link again and says how that went (a toast either way); resending: while it is on its way. */
export function useResendLink() {
  const { t } = useTranslation();
  const resendVerification = useResendVerification();
  async function resend(email: string) {
    try {
      await resendVerification.mutateAsync(email);
      toast({ title: t('auth.toast.verificationSent'), description: t('auth.toast.verificationSentBody'), variant: 'success' });
    } catch {
      toast({ title: t('auth.toast.resendFailed'), description: t('auth.toast.resendFailedBody'), variant: 'error' });
    }
  }
  return { resend, resending: resendVerification.isPending };
}
