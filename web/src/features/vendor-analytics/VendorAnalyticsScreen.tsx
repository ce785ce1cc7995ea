import { useQuery } from '@tanstack/react-query';
import { BarChart3, Download } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Notice } from '../../components/ui/Notice';
import { analyticsQuery, csvHref, type AnalyticsFilters, type AnalyticsPoint, type AnalyticsReport } from './api';
import { BUCKETS, filtersFrom, money, paramsOf, percent, rangeProblem } from './filters';

// Recharts is a chunk of its own, loaded only by this screen (the marketplace bundle never has it).
const TrafficChart = lazy(() => import('./Charts').then((m) => ({ default: m.TrafficChart })));
const SalesChart = lazy(() => import('./Charts').then((m) => ({ default: m.SalesChart })));

const CHART_BOX = 'h-64';
const CARDS = ['views', 'clicks', 'cart_adds', 'bookings', 'purchases', 'conversion', 'revenue'] as const;
const TRAFFIC = ['views', 'clicks', 'cart_adds', 'bookings'] as const;

/** /vendor-analytics: a vendor's numbers per day, week or month, per service, with charts and tables (F-AREA-01). */
export default function VendorAnalyticsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const q = useQuery(analyticsQuery(filters));
  const apply = (f: AnalyticsFilters) => setParams(paramsOf(f));
  const r = q.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle title={t('areas.vendorAnalytics.title')} intro={t('vendorAnalytics.subtitle')} introClassName="text-sm text-fg-muted" />
        <div className="flex flex-wrap gap-2">
          <Link to="/vendor-dashboard" className={buttonClass('secondary', 'sm')}>
            {t('vendorAnalytics.dashboardLink')}
          </Link>
          <a href={csvHref(filters)} download className={cn(buttonClass('secondary', 'sm'), 'gap-1.5')}>
            <Download aria-hidden="true" className="size-4" />
            {t('vendorAnalytics.csv')}
          </a>
        </div>
      </div>
      <FilterForm key={params.toString()} filters={filters} services={r?.services ?? []} onApply={apply} />
      {q.isError ? (
        <Notice placement="section" headingLevel={2} tone="danger" title={t('vendorAnalytics.error')} actions={<Button onClick={() => void q.refetch()}>{t('vendorAnalytics.retry')}</Button>}>
          {q.error instanceof Error ? q.error.message : null}
        </Notice>
      ) : !r ? (
        <Skeleton />
      ) : r.services.length === 0 ? (
        <Notice placement="section" headingLevel={2} icon={<BarChart3 className="size-6" />} title={t('vendorAnalytics.noServices')}
          actions={<Link className={buttonClass('primary')} to="/vendor-dashboard?tab=services">{t('vendorAnalytics.addService')}</Link>}>
          {t('vendorAnalytics.noServicesBody')}
        </Notice>
      ) : (
        <Report report={r} />
      )}
    </div>
  );
}

function FilterForm({ filters, services, onApply }: { filters: AnalyticsFilters; services: AnalyticsReport['services']; onApply: (f: AnalyticsFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    if (!p) onApply(draft);
  }
  const field = (name: 'from' | 'to') => (
    <LabelledControl id={`${id}-${name}`} label={t(`vendorAnalytics.${name}`)} className="flex min-w-36 flex-1 flex-col gap-1.5 sm:flex-none">
      <input id={`${id}-${name}`} type="date" value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        aria-invalid={problem?.field === name || undefined} aria-describedby={problem?.field === name ? `${id}-problem` : undefined}
        className={cn(inputClass, 'border-border-strong')} />
    </LabelledControl>
  );
  return (
    <form onSubmit={onSubmit} aria-label={t('vendorAnalytics.filters')} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        {field('from')}
        {field('to')}
        <LabelledControl id={`${id}-bucket`} label={t('vendorAnalytics.bucket')} className="flex min-w-32 flex-1 flex-col gap-1.5 sm:flex-none">
          <select id={`${id}-bucket`} value={draft.bucket} onChange={(e) => setDraft({ ...draft, bucket: e.target.value as AnalyticsFilters['bucket'] })} className={cn(inputClass, 'border-border-strong')}>
            {BUCKETS.map((b) => (
              <option key={b} value={b}>{t(`vendorAnalytics.buckets.${b}`)}</option>
            ))}
          </select>
        </LabelledControl>
        <LabelledControl id={`${id}-service`} label={t('vendorAnalytics.service')} className="flex min-w-48 flex-1 flex-col gap-1.5">
          <select id={`${id}-service`} value={draft.service} onChange={(e) => setDraft({ ...draft, service: e.target.value })} className={cn(inputClass, 'border-border-strong')}>
            <option value="">{t('vendorAnalytics.allServices')}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>{s.title}</option>
            ))}
            {draft.service && !services.some((s) => s.id === draft.service) ? <option value={draft.service}>{draft.service}</option> : null}
          </select>
        </LabelledControl>
        <Button type="submit">{t('vendorAnalytics.apply')}</Button>
      </div>
      {problem ? <p id={`${id}-problem`} role="alert" className="text-sm text-danger">{t(problem.key)}</p> : null}
    </form>
  );
}

function Report({ report: r }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const num = new Intl.NumberFormat(i18n.language);
  const value = (k: (typeof CARDS)[number]) =>
    k === 'conversion' ? percent(r.total.conversion, i18n.language) : k === 'revenue' ? money(r.total.revenue_cents, i18n.language) : num.format(r.total[k]);
  const quiet = r.total.views + r.total.clicks + r.total.cart_adds + r.total.bookings + r.total.purchases === 0;
  return (
    <>
      <TitledSection id="va-totals" title={t('vendorAnalytics.totals', { from: r.from, to: r.to })} className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {CARDS.map((k) => (
            <div key={k} className={cn('min-w-0 rounded-card border border-border bg-surface p-3', k === 'revenue' && 'col-span-2 sm:col-span-1')}>
              <dt className="text-xs text-fg-muted">{t(`vendorAnalytics.measures.${k}`)}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums text-fg">{value(k)}</dd>
            </div>
          ))}
        </dl>
        {quiet ? <p className="text-sm text-fg-muted">{t('vendorAnalytics.quiet')}</p> : null}
      </TitledSection>
      <ChartSection id="va-traffic" title={t('vendorAnalytics.traffic')} chart={<TrafficChart series={r.series} />}>
        <SeriesTable caption={t('vendorAnalytics.traffic')} series={r.series} columns={TRAFFIC} />
      </ChartSection>
      <ChartSection id="va-sales" title={t('vendorAnalytics.sales')} chart={<SalesChart series={r.series} />}>
        <SeriesTable caption={t('vendorAnalytics.sales')} series={r.series} columns={['purchases', 'conversion', 'revenue']} />
      </ChartSection>
      <TitledSection id="va-services" title={t('vendorAnalytics.byService')} className="flex flex-col gap-3">
        <div role="region" aria-labelledby="va-services" tabIndex={0} className="overflow-x-auto rounded-card border border-border">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{t('vendorAnalytics.byService')}</caption>
            <thead className="bg-surface-sunken text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('vendorAnalytics.service')}</th>
                {CARDS.map((k) => (
                  <th key={k} scope="col" className="px-3 py-2 text-right font-medium">{t(`vendorAnalytics.measures.${k}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.services.map((s) => (
                <tr key={s.id} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 font-medium text-fg">
                    <Link className="text-primary underline-offset-2 hover:underline" to={`/vendor-analytics?${paramsOf({ from: r.from, to: r.to, bucket: r.bucket, service: s.id }).toString()}`}>
                      {s.title}
                    </Link>
                    {s.active ? null : <span className="ml-2 text-xs font-normal text-fg-muted">{t('vendorAnalytics.inactive')}</span>}
                  </th>
                  {CARDS.map((k) => (
                    <td key={k} className="px-3 py-2 text-right tabular-nums">
                      {k === 'conversion' ? percent(s.conversion, i18n.language) : k === 'revenue' ? money(s.revenue_cents, i18n.language) : num.format(s[k])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </TitledSection>
    </>
  );
}

/** A chart with its data table beside it (below it on a phone); the chart itself is hidden from screen readers and not focusable (no Recharts keyboard layer: the table carries the numbers). */
function ChartSection({ id, title, chart, children }: { id: string; title: string; chart: ReactNode; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="flex flex-col gap-3">
      <div className="grid gap-4 lg:grid-cols-2">
        <div aria-hidden="true" className={cn(CHART_BOX, 'min-w-0 rounded-card border border-border bg-surface p-2')}>
          <Suspense fallback={<div className="h-full rounded-card bg-surface-sunken motion-safe:animate-pulse" />}>{chart}</Suspense>
        </div>
        <div className="min-w-0">{children}</div>
      </div>
    </TitledSection>
  );
}

type SeriesColumn = 'views' | 'clicks' | 'cart_adds' | 'bookings' | 'purchases' | 'conversion' | 'revenue';

function SeriesTable({ caption, series, columns }: { caption: string; series: AnalyticsPoint[]; columns: readonly SeriesColumn[] }) {
  const { t, i18n } = useTranslation();
  const num = new Intl.NumberFormat(i18n.language);
  const cell = (p: AnalyticsPoint, k: SeriesColumn) =>
    k === 'conversion' ? percent(p.conversion, i18n.language) : k === 'revenue' ? money(p.revenue_cents, i18n.language) : num.format(p[k]);
  return (
    <div role="region" aria-label={t('vendorAnalytics.tableOf', { chart: caption })} tabIndex={0} className={cn(CHART_BOX, 'overflow-auto rounded-card border border-border')}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('vendorAnalytics.tableOf', { chart: caption })}</caption>
        <thead className="sticky top-0 bg-surface-sunken text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('vendorAnalytics.period')}</th>
            {columns.map((k) => (
              <th key={k} scope="col" className="px-3 py-2 text-right font-medium">{t(`vendorAnalytics.measures.${k}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((p) => (
            <tr key={p.start} className="border-t border-border">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-medium text-fg">{p.start === p.end ? p.start : `${p.start} – ${p.end}`}</th>
              {columns.map((k) => (
                <td key={k} className="px-3 py-1.5 text-right tabular-nums">{cell(p, k)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The loading state: the totals, two chart sections and the table at their final size. */
function Skeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('vendorAnalytics.loading')} className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="h-7 w-64 rounded bg-surface-sunken" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {CARDS.map((k) => (
            <div key={k} className={cn('h-[4.25rem] rounded-card bg-surface-sunken motion-safe:animate-pulse', k === 'revenue' && 'col-span-2 sm:col-span-1')} />
          ))}
        </div>
      </div>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3">
          <div className="h-7 w-40 rounded bg-surface-sunken" />
          <div className="grid gap-4 lg:grid-cols-2">
            <div className={cn(CHART_BOX, 'rounded-card bg-surface-sunken motion-safe:animate-pulse')} />
            <div className={cn(CHART_BOX, 'rounded-card bg-surface-sunken motion-safe:animate-pulse')} />
          </div>
        </div>
      ))}
    </div>
  );
}
