import { Hourglass, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';

/** "System Recovery Available" with Refresh System (03§2). */
export function RecoveryBanner({ onRefresh, busy, detail }: { onRefresh: () => void; busy: boolean; detail?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6">
      <section
        role="alert"
        aria-labelledby="recovery-title"
        className="flex flex-wrap items-center gap-4 rounded-card border border-warning-strong/30 bg-warning-soft p-4 text-warning-strong"
      >
        <LifeBuoy aria-hidden="true" className="size-6 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id="recovery-title" className="text-base font-semibold">
            {t('marketplace.recovery.title')}
          </h2>
          <p className="text-sm">{t('marketplace.recovery.body')}</p>
          {detail ? <p className="mt-1 text-xs">{detail}</p> : null}
        </div>
        <Button onClick={onRefresh} disabled={busy}>
          {busy ? t('marketplace.recovery.refreshing') : t('marketplace.recovery.refresh')}
        </Button>
      </section>
    </div>
  );
}

/** Shown when loading takes longer than 8 s (03§4). */
export function SlowLoadNotice() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6">
      <p role="status" className="flex items-center gap-2 rounded-card bg-surface-sunken px-4 py-3 text-sm text-fg-muted">
        <Hourglass aria-hidden="true" className="size-4" />
        {t('marketplace.slow')}
      </p>
    </div>
  );
}
