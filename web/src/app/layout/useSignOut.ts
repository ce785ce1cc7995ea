import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackEvent } from '../../lib/monitoring';
import { signOut } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * Sign out of the user menu and of the phone menu: signs out, then home; a failure is a toast.
 * `busy` is true while it runs, so the entry says "Signing out…" and cannot be pressed twice.
 */
export function useSignOut(onDone?: () => void): { busy: boolean; signOut: () => Promise<void> } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function run() {
    if (busy) return;
    setBusy(true);
    trackEvent('logout');
    try {
      await signOut(queryClient);
      onDone?.();
      void navigate('/');
    } catch {
      toast({ title: t('session.signOutFailed'), description: t('session.signOutFailedBody'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { busy, signOut: run };
}
