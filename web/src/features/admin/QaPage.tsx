import { Copy, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { AdminShell } from './AdminShell';
import { QA_CHECKS } from './qa/checks';
import { formatReport, runAll, runCheck, type QaResult } from './qa/runner';

/** /qa: runs the app's own health and journey checks from this browser and shows pass or fail (issue 31 item 11). */
export default function QaPage() {
  const { t, i18n } = useTranslation();
  const [results, setResults] = useState<Record<string, QaResult>>({});
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [at, setAt] = useState<Date | null>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  const busy = useRef(false);
  const name = (id: string) => t(`adminTools.qa.checks.${id}.name`);
  const done = QA_CHECKS.map((c) => results[c.id]).filter((r): r is QaResult => r !== undefined);
  const passed = done.filter((r) => r.status === 'pass').length;
  const allDone = done.length === QA_CHECKS.length && running.size === 0;

  async function all() {
    if (busy.current) return;
    busy.current = true;
    setResults({});
    setCopied(null);
    setRunning(new Set(QA_CHECKS.map((c) => c.id)));
    await runAll(QA_CHECKS, (r) => {
      setResults((prev) => ({ ...prev, [r.id]: r }));
      setRunning((prev) => new Set([...prev].filter((id) => id !== r.id)));
    });
    setAt(new Date());
    busy.current = false;
  }

  async function one(id: string) {
    const check = QA_CHECKS.find((c) => c.id === id);
    if (!check || running.has(id)) return;
    setRunning((prev) => new Set([...prev, id]));
    const r = await runCheck(check);
    setResults((prev) => ({ ...prev, [id]: r }));
    setRunning((prev) => new Set([...prev].filter((x) => x !== id)));
    setAt(new Date());
  }

  async function copy() {
    const report = formatReport(done, { at: (at ?? new Date()).toISOString(), url: window.location.origin, name });
    try {
      await navigator.clipboard.writeText(report);
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  }

  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  return (
    <AdminShell
      title={t('areas.qa.title')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => void copy()} disabled={done.length === 0}>
            <Copy aria-hidden="true" className="size-4" />
            {t('adminTools.qa.copy')}
          </Button>
          <Button type="button" onClick={() => void all()} disabled={running.size > 0}>
            <Play aria-hidden="true" className="size-4" />
            {running.size > 0 ? t('adminTools.qa.running') : t('adminTools.qa.runAll')}
          </Button>
        </div>
      }
    >
      <p className="max-w-3xl text-fg-muted">{t('adminTools.qa.intro')}</p>
      <p role="status" className={cn('font-semibold', done.length === 0 ? 'text-fg-muted' : passed === done.length ? 'text-savings-strong' : 'text-danger-strong')}>
        {done.length === 0
          ? t('adminTools.qa.notRun')
          : t(allDone ? 'adminTools.qa.summaryDone' : 'adminTools.qa.summary', { passed, total: QA_CHECKS.length, done: done.length, time: at ? time.format(at) : '' })}
        {copied ? <span className="ml-2 font-normal text-fg">{t(`adminTools.qa.${copied}`)}</span> : null}
      </p>
      <ul aria-label={t('adminTools.qa.list')} className="grid gap-3 lg:grid-cols-2">
        {QA_CHECKS.map((c) => {
          const r = results[c.id];
          const isRunning = running.has(c.id);
          return (
            <li key={c.id} aria-label={name(c.id)} data-status={isRunning ? 'running' : (r?.status ?? 'idle')} className="flex min-h-36 flex-col gap-1 rounded-card border border-border bg-surface p-4">
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-fg">{name(c.id)}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    isRunning ? 'bg-surface-sunken text-fg' : r?.status === 'pass' ? 'bg-savings-soft text-savings-strong' : r ? 'bg-danger-soft text-danger-strong' : 'text-fg-muted',
                  )}
                >
                  {isRunning ? t('adminTools.qa.checking') : r ? t(`adminTools.qa.${r.status}`) : t('adminTools.qa.idle')}
                </span>
              </div>
              <span className="text-sm text-fg-muted">{t(`adminTools.qa.checks.${c.id}.what`)}</span>
              {r ? (
                <span className={cn('text-sm break-words', r.status === 'pass' ? 'text-fg' : 'text-danger-strong')}>
                  {r.detail} · {t('adminTools.qa.ms', { ms: r.ms.toFixed(0) })}
                </span>
              ) : null}
              <Button type="button" variant="ghost" size="sm" className="mt-auto self-start" onClick={() => void one(c.id)} disabled={isRunning}>
                {t('adminTools.qa.runOne', { name: name(c.id) })}
              </Button>
            </li>
          );
        })}
      </ul>
    </AdminShell>
  );
}
