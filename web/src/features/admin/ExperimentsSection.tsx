import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { experimentsQuery, type ExperimentResult } from './api/funnel';

/** /analytics: the A/B experiments' arms with their conversion and the server's z-test (issue 31 item 11). */
export function ExperimentsSection({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const q = useQuery(experimentsQuery(from, to));
  const num = new Intl.NumberFormat(i18n.language);
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const d = q.data;
  return (
    <TitledSection id="experiments-title" title={d ? t('adminTools.experiments.titleFor', { from: d.from, to: d.to }) : t('adminTools.experiments.title')} className="flex flex-col gap-3">
      <p className="max-w-3xl text-sm text-fg-muted">{t('adminTools.experiments.intro')}</p>
      {q.isError ? <p role="alert" className="text-danger">{t('adminTools.experiments.error')}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {(d?.experiments ?? [null, null]).map((e, i) =>
          e ? (
            <Experiment key={e.name} e={e} num={num} pct={pct} minVisitors={d?.min_visitors ?? 0} minOutcomes={d?.min_outcomes ?? 0} />
          ) : (
            <div key={i} aria-hidden="true" className="h-64 animate-pulse rounded-card border border-border bg-surface-sunken" />
          ),
        )}
      </div>
    </TitledSection>
  );
}

function Experiment({ e, num, pct, minVisitors, minOutcomes }: { e: ExperimentResult; num: Intl.NumberFormat; pct: Intl.NumberFormat; minVisitors: number; minOutcomes: number }) {
  const { t } = useTranslation();
  const test = e.test;
  const verdict =
    test.status === 'too_few_samples'
      ? t('adminTools.experiments.tooFew', { visitors: minVisitors, outcomes: minOutcomes })
      : test.status === 'significant'
        ? t('adminTools.experiments.significant')
        : t('adminTools.experiments.notSignificant');
  return (
    <article aria-label={t(`adminTools.experiments.names.${e.name}`)} className="flex h-64 flex-col gap-2 rounded-card border border-border bg-surface p-4">
      <h3 className="font-semibold text-fg">{t(`adminTools.experiments.names.${e.name}`)}</h3>
      <p className="text-xs text-fg-muted">{t(`adminTools.experiments.conversion.${e.conversion}`)}</p>
      <div role="region" aria-label={t('adminTools.experiments.armsOf', { name: e.name })} tabIndex={0} className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('adminTools.experiments.armsOf', { name: e.name })}</caption>
          <thead className="text-fg-muted">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">{t('adminTools.experiments.arm')}</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">{t('adminTools.experiments.visitors')}</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">{t('adminTools.experiments.conversions')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('adminTools.experiments.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {(e.arms ?? []).map((a) => (
              <tr key={a.arm} className="border-t border-border">
                <th scope="row" className="py-1 pr-2 font-medium text-fg">
                  {a.arm}
                  {a.control ? <span className="ml-1 text-xs font-normal text-fg-muted">{t('adminTools.experiments.control')}</span> : null}
                </th>
                <td className="py-1 pr-2 text-right tabular-nums">{num.format(a.exposures)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{num.format(a.conversions)}</td>
                <td className="py-1 text-right tabular-nums">{a.exposures > 0 ? pct.format(a.rate) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={cn('mt-auto text-sm font-semibold', test.status === 'significant' ? 'text-savings-strong' : 'text-fg')}>{verdict}</p>
      <p className="text-xs text-fg-muted tabular-nums">
        {t('adminTools.experiments.stats', { z: test.z.toFixed(2), p: test.p_value < 0.0001 ? '< 0.0001' : test.p_value.toFixed(4), lift: `${(test.lift * 100).toFixed(1)} pp` })}
      </p>
    </article>
  );
}
