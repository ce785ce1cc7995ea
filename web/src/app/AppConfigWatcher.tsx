import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Wrench } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { useAppConfig } from '../lib/api/get-config';
import { decideVersionAction, shouldCacheBust } from '../lib/appConfig';
import { applyServerFlags } from '../lib/flags';
import { browser } from '../lib/browser';
import { clearAppCaches } from '../lib/cache';
import { reloadWithReason } from '../lib/reload';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { BUILD_VERSION } from '../lib/version';

/**
 * Acts on app_config (spec 01§4), read at start and every 2 minutes: maintenance overlay,
 * forced reload for an outdated build (once per required version per tab, then a notice),
 * and the remote cache bust.
 */
export function AppConfigWatcher() {
  const { data: config } = useAppConfig();
  const queryClient = useQueryClient();

  const versionAction = config
    ? decideVersionAction(
        config.min_build_version,
        BUILD_VERSION,
        readStorage('session', STORAGE_KEYS.versionReload),
      )
    : 'ok';

  // The 02§6 feature flags' defaults are the server's (an administrator's /admin/config).
  useEffect(() => {
    if (config) applyServerFlags(config, window.location.search);
  }, [config]);

  useEffect(() => {
    if (!config) return;
    if (versionAction === 'reload') {
      // Remember the version first: if the reload does not bring a newer build, we show a notice
      // instead of reloading again. If the browser will not remember, do not reload at all.
      if (writeStorage('session', STORAGE_KEYS.versionReload, config.min_build_version)) {
        void clearAppCaches(queryClient).then(() => reloadWithReason('version_update'));
      }
      return;
    }
    const bustAt = config.force_cache_bust_after;
    if (bustAt && shouldCacheBust(bustAt, readStorage('local', STORAGE_KEYS.lastCacheBust))) {
      if (writeStorage('local', STORAGE_KEYS.lastCacheBust, bustAt)) {
        void clearAppCaches(queryClient).then(() => reloadWithReason('default'));
      }
    }
  }, [config, versionAction, queryClient]);

  return (
    <>
      {versionAction !== 'ok' ? <VersionNotice /> : null}
      {config?.maintenance_mode ? <MaintenanceOverlay message={config.maintenance_message} /> : null}
    </>
  );
}

function VersionNotice() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="border-b border-pro/40 bg-pro-soft text-pro-strong">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p className="text-sm font-medium">{t('common.version.required')}</p>
        <Button size="sm" variant="secondary" onClick={() => browser.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.version.refresh')}
        </Button>
      </div>
    </div>
  );
}

/** Full-screen, cannot be dismissed; Retry reloads. */
export function MaintenanceOverlay({ message }: { message?: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} role="alertdialog" className="max-w-md text-center">
      <div className="flex flex-col items-center gap-4">
        <div aria-hidden="true" className="flex size-12 items-center justify-center rounded-pill bg-primary-soft text-primary">
          <Wrench className="size-6" />
        </div>
        <h2 id={titleId} className="text-xl font-semibold text-fg">
          {t('common.maintenance.title')}
        </h2>
        <p id={bodyId} className="text-base text-fg-muted">
          {message?.trim() ? message : t('common.maintenance.defaultMessage')}
        </p>
        <Button onClick={() => browser.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.maintenance.retry')}
        </Button>
      </div>
    </Modal>
  );
}
