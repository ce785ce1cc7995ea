import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { askToSignIn, type PendingActionKind } from './pendingAction';

/**
 * Asks a signed-out visitor to sign in for an action on a service, coming back to where they are
 * now (path and query, so an open detail view opens again). title and description are the
 * action's own spec copy (already translated).
 */
export function useAskToSignIn(): (kind: PendingActionKind, serviceId: string, title: string, description: string) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (kind, serviceId, title, description) =>
      askToSignIn({
        kind,
        serviceId,
        returnTo: `${pathname}${search}`,
        title,
        description,
        signInLabel: t('common.toast.signIn'),
        createAccountLabel: t('common.toast.createAccount'),
        navigate: (to) => void navigate(to),
      }),
    [navigate, pathname, search, t],
  );
}
