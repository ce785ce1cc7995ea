import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CloseButton } from '../../components/ui/CloseButton';
import { Button } from '../../components/ui/Button';
import { clearAppCaches } from '../../lib/cache';
import { dismissSoftBanner, useConnectivity } from '../../lib/monitoring/connectivity';
import { reloadWithReason } from '../../lib/reload';
import { setAppNavigator, useViewer } from '../../lib/session';
import { closeSessionsDialog, useSessionNotices } from '../../lib/sessionNotices';
import { SecurityNotices } from './SecurityNotices';
import { useSecurityMonitor } from './useSecurityMonitor';

const ActiveSessionsDialog = lazy(() => import('./ActiveSessionsDialog'));

/**
 * What the session layer shows inside the router: connectivity banners, security notices, the
 * active-sessions dialog; it also lets a forced sign-out navigate and runs security monitoring.
 */
export function SessionLayer() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const viewer = useViewer();
  const { sessionsDialogOpen } = useSessionNotices();

  useEffect(() => {
    setAppNavigator((to) => void navigate(to));
    return () => setAppNavigator(null);
  }, [navigate]);

  useSecurityMonitor(pathname, viewer);

  return (
    <>
      <ConnectivityBanners />
      {viewer.profile ? <SecurityNotices userId={viewer.profile.user_id} /> : null}
      {sessionsDialogOpen && viewer.status === 'signed-in' ? (
        <Suspense fallback={null}>
          <ActiveSessionsDialog onClose={closeSessionsDialog} />
        </Suspense>
      ) : null}
    </>
  );
}

function ConnectivityBanners() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { bootFailed, soft } = useConnectivity();
  return (
    <>
      {bootFailed ? (
        <div role="alert" className="border-b border-danger/40 bg-danger-soft text-danger-strong">
          <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
            <WifiOff aria-hidden="true" className="size-5 shrink-0" />
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="text-sm font-semibold">{t('monitor.boot.title')}</p>
              <p className="text-sm">{t('monitor.boot.body')}</p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void clearAppCaches(queryClient).then(() => reloadWithReason('manual'))}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('monitor.boot.reload')}
            </Button>
          </div>
        </div>
      ) : null}
      {soft && !bootFailed ? (
        <div role="status" className="border-b border-pro/40 bg-warning-soft text-warning-strong">
          <div className="mx-auto flex w-full max-w-7xl items-center gap-3 px-4 py-2">
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
            <p className="flex-1 text-sm font-medium">{t('monitor.soft')}</p>
            <CloseButton label={t('monitor.softDismiss')} onClick={dismissSoftBanner} className="rounded-control p-1 hover:bg-surface-sunken" />
          </div>
        </div>
      ) : null}
    </>
  );
}
