import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { useSelfTest } from './api/ops';
import { AdminShell } from './AdminShell';

const SUBSYSTEMS = ['database', 'mailer', 'payments', 'storage', 'cache'] as const;

/** /command-center-test: runs the server's safe self-test of each subsystem on demand (issue 31 item 11). */
export default function CommandCenterTestPage() {
  const { t, i18n } = useTranslation();
  const run = useSelfTest();
  const d = run.data;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  const failure = run.error instanceof ApiError ? run.error.message : run.error ? t('admin.error') : null;
  return (
    <AdminShell
      title={t('admin.selfTest.title')}
      actions={
        <Button type="button" onClick={() => run.mutate()} disabled={run.isPending}>
          <Play aria-hidden="true" className="size-4" />
          {run.isPending ? t('admin.selfTest.running') : t('admin.selfTest.run')}
        </Button>
      }
    >
      <p className="max-w-2xl text-fg-muted">{t('admin.selfTest.intro')}</p>
      {failure ? <p role="alert" className="text-danger">{failure}</p> : null}
      <p role="status" className={cn('font-semibold', d ? (d.ok ? 'text-savings-strong' : 'text-danger-strong') : 'text-fg-muted')}>
        {d ? t(d.ok ? 'admin.selfTest.allPassed' : 'admin.selfTest.someFailed', { time: time.format(new Date(d.at)) }) : t('admin.selfTest.notRun')}
      </p>
      <ul aria-label={t('admin.selfTest.checks')} className="grid gap-3 sm:grid-cols-2">
        {SUBSYSTEMS.map((name) => {
          const c = d?.checks?.find((x) => x.name === name);
          return (
            <li key={name} aria-label={t(`admin.selfTest.names.${name}`)} className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4">
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-fg">{t(`admin.selfTest.names.${name}`)}</span>
                {c ? (
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', c.ok ? 'bg-savings-soft text-savings-strong' : 'bg-danger-soft text-danger-strong')}>
                    {c.ok ? t('admin.selfTest.pass') : t('admin.selfTest.fail')}
                  </span>
                ) : (
                  <span className="text-xs text-fg-muted">{t('admin.selfTest.pending')}</span>
                )}
              </div>
              <span className="text-sm text-fg-muted">{t(`admin.selfTest.what.${name}`)}</span>
              {c ? (
                <span className="text-sm text-fg">
                  {c.detail} · {t('admin.selfTest.ms', { ms: c.ms.toFixed(1) })}
                </span>
              ) : null}
              {c?.error ? <span className="text-sm break-words text-danger-strong">{c.error}</span> : null}
            </li>
          );
        })}
      </ul>
    </AdminShell>
  );
}
