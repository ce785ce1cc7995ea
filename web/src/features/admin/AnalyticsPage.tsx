import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { funnelQuery, type FunnelDay } from './api/funnel';
import { AdminShell } from './AdminShell';
import { ExperimentsSection } from './ExperimentsSection';

const STEPS = ['visitors', 'views', 'cart_adds', 'checkouts', 'paid'] as const;

/** /analytics: the marketplace funnel per day for a chosen range (issue 31 item 11). */
export default function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = useQuery(funnelQuery(from, to));
  const [draft, setDraft] = useState({ from, to });
  const id = useId();
  const f = q.data;
  const num = new Intl.NumberFormat(i18n.language);
  const rate = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)} %` : '–');

  function onApply(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    setParams(next);
  }

  const total: FunnelDay | undefined = f?.total;
  return (
    <AdminShell title={t('admin.analytics.title')}>
      <form onSubmit={onApply} className="flex flex-wrap items-end gap-3" aria-label={t('admin.analytics.range')}>
        {(['from', 'to'] as const).map((k) => (
          <LabelledControl key={k} id={`${id}-${k}`} label={t(`admin.analytics.${k}`)} className="flex min-w-40 flex-col gap-1.5">
            <input id={`${id}-${k}`} type="date" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} className={cn(inputClass, 'border-border-strong')} />
          </LabelledControl>
        ))}
        <Button type="submit">{t('admin.analytics.apply')}</Button>
      </form>
      {q.isError ? <p role="alert" className="text-danger">{t('admin.analytics.badRange')}</p> : null}
      <TitledSection id="funnel-total" title={f ? t('admin.analytics.totalFor', { from: f.from, to: f.to }) : t('admin.analytics.loading')} className="flex flex-col gap-3">
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {STEPS.map((s, i) => (
            <li key={s} className="rounded-card border border-border bg-surface p-3">
              <span className="block text-xs text-fg-muted">{t(`admin.analytics.steps.${s}`)}</span>
              <span className="mt-1 block h-8 text-2xl font-semibold tabular-nums text-fg">{total ? num.format(total[s]) : '–'}</span>
              <span className="block text-xs text-fg-muted">
                {i > 0 && total ? t('admin.analytics.ofPrevious', { rate: rate(total[s], total[STEPS[i - 1] ?? s]) }) : '\u00a0'}
              </span>
            </li>
          ))}
        </ol>
        <p className="text-xs text-fg-muted">{t('admin.analytics.note')}</p>
      </TitledSection>
      <div role="region" aria-label={t('admin.analytics.perDay')} tabIndex={0} className="overflow-x-auto rounded-card border border-border">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('admin.analytics.perDay')}</caption>
          <thead className="bg-surface-sunken text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">{t('admin.analytics.day')}</th>
              {STEPS.map((s) => (
                <th key={s} scope="col" className="px-3 py-2 text-right font-medium">{t(`admin.analytics.steps.${s}`)}</th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-medium">{t('admin.analytics.conversion')}</th>
            </tr>
          </thead>
          <tbody>
            {(f?.days ?? []).map((d) => (
              <tr key={d.day} className="border-t border-border">
                <th scope="row" className="px-3 py-2 font-medium text-fg">{d.day}</th>
                {STEPS.map((s) => (
                  <td key={s} className="px-3 py-2 text-right tabular-nums">{num.format(d[s])}</td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums">{rate(d.paid, d.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ExperimentsSection from={from} to={to} />
    </AdminShell>
  );
}
