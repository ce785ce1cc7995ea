import { useQuery } from '@tanstack/react-query';
import { BarChart3, CalendarClock, HandCoins } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Notice } from '../../components/ui/Notice';
import { overviewQuery } from './api';

const FIGURES = ['views', 'clicks', 'bookings', 'purchases', 'revenue'] as const;

/** The Overview tab of /vendor-dashboard: this month's numbers, what waits, and where to go next. */
export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const q = useQuery(overviewQuery());
  const o = q.data;
  const num = new Intl.NumberFormat(i18n.language);
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  if (q.isError) {
    return (
      <Notice placement="section" headingLevel={2} tone="danger" title={t('vendorOverview.error')} actions={<Button onClick={() => void q.refetch()}>{t('vendorOverview.retry')}</Button>} />
    );
  }
  const month = o ? new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${o.month}-01T00:00:00Z`)) : '';
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="vo-month" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="vo-month" className="min-h-7 text-lg font-semibold text-fg">{o ? t('vendorOverview.thisMonth', { month }) : t('vendorOverview.loading')}</h2>
          <Link to="/vendor-analytics" className={buttonClass('secondary', 'sm')}>
            <BarChart3 aria-hidden="true" className="size-4" />
            {t('vendorOverview.analytics')}
          </Link>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={!o}>
          {FIGURES.map((k) => (
            <div key={k} className={cn('min-w-0 rounded-card border border-border bg-surface p-3', k === 'revenue' && 'col-span-2 sm:col-span-1')}>
              <dt className="text-xs text-fg-muted">{t(`vendorOverview.figures.${k}`)}</dt>
              <dd className="mt-1 h-8 text-xl font-semibold tabular-nums text-fg sm:text-2xl">
                {!o ? <span className="block h-7 w-16 rounded bg-surface-sunken motion-safe:animate-pulse" /> : k === 'revenue' ? usd.format(o.revenue_cents / 100) : num.format(o[k])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <TitledSection id="vo-waiting" title={t('vendorOverview.waiting')} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Waiting icon={<HandCoins className="size-5" />} label={t('vendorOverview.pendingCoPay')} value={o ? num.format(o.pending_copay_requests) : null}
            to="/vendor-dashboard?tab=copay" action={t('vendorOverview.openCoPay')} />
          <Waiting icon={<CalendarClock className="size-5" />} label={t('vendorOverview.upcomingBookings')} value={o ? num.format(o.upcoming_bookings) : null}
            to="/vendor-dashboard/consultations" action={t('vendorOverview.openBookings')} />
        </div>
      </TitledSection>
      {o && o.services === 0 ? (
        <Notice placement="section" headingLevel={2} title={t('vendorOverview.noServices')}
          actions={<Link className={buttonClass('primary')} to="/vendor-dashboard?tab=services">{t('vendorOverview.addService')}</Link>}>
          {t('vendorOverview.noServicesBody')}
        </Notice>
      ) : null}
    </div>
  );
}

function Waiting({ icon, label, value, to, action }: { icon: ReactNode; label: string; value: string | null; to: string; action: string }) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-border bg-surface p-4">
      <div aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-card bg-primary-soft text-primary">{icon}</div>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-fg-muted">{label}</span>
        <span className="h-7 text-xl font-semibold tabular-nums text-fg">{value ?? <span className="block h-6 w-10 rounded bg-surface-sunken motion-safe:animate-pulse" />}</span>
      </div>
      <Link to={to} className={buttonClass('ghost', 'sm')}>{action}</Link>
    </div>
  );
}
