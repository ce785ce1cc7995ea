import { useTranslation } from 'react-i18next';
import { ChartTable } from '../../components/ui/ChartTable';
import type { AffiliateDay } from './api';

/**
 * The last 30 days as a bar chart of clicks with conversions marked (hidden from screen readers),
 * and the same figures as a table beneath it (the accessible alternative, folded on small screens).
 */
export function ActivityChart({ days, money }: { days: AffiliateDay[]; money: (cents: number) => string }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const fmt = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const label = (d: AffiliateDay) => fmt.format(new Date(`${d.day}T00:00:00Z`));
  const totalClicks = days.reduce((n, d) => n + d.clicks, 0);
  const totalConv = days.reduce((n, d) => n + d.conversions, 0);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
      <figcaption className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-fg">{t('affiliates.dashboard.chartTitle')}</h2>
        <p className="text-sm text-fg-muted">{t('affiliates.dashboard.chartSummary', { clicks: totalClicks, conversions: totalConv })}</p>
      </figcaption>
      <div aria-hidden="true" className="flex h-40 items-end gap-[2px]" data-testid="affiliate-chart">
        {days.map((d) => (
          <div key={d.day} className="relative flex h-full flex-1 flex-col justify-end" title={`${label(d)}: ${d.clicks} / ${d.conversions}`}>
            <div className="w-full rounded-t-sm bg-primary/70" style={{ height: `${(d.clicks / max) * 100}%`, minHeight: d.clicks ? 2 : 0 }} />
            {d.conversions > 0 ? <div className="absolute inset-x-0 bottom-0 h-1.5 rounded-sm bg-savings" /> : null}
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex justify-between text-xs text-fg-muted">
        <span>{first ? label(first) : ''}</span>
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm bg-primary/70" /> {t('affiliates.dashboard.clicks')}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm bg-savings" /> {t('affiliates.dashboard.conversions')}
          </span>
        </span>
        <span>{last ? label(last) : ''}</span>
      </div>
      <ChartTable title={t('affiliates.dashboard.chartTitle')} toggle={t('affiliates.dashboard.showTable')}>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-1 pr-3">{t('affiliates.dashboard.day')}</th>
            <th scope="col" className="py-1 pr-3 text-right">{t('affiliates.dashboard.clicks')}</th>
            <th scope="col" className="py-1 pr-3 text-right">{t('affiliates.dashboard.conversions')}</th>
            <th scope="col" className="py-1 text-right">{t('affiliates.dashboard.commission')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} className="border-b border-border/60">
              <th scope="row" className="py-1 pr-3 font-normal">{label(d)}</th>
              <td className="py-1 pr-3 text-right">{d.clicks}</td>
              <td className="py-1 pr-3 text-right">{d.conversions}</td>
              <td className="py-1 text-right">{money(d.commission_cents)}</td>
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  );
}
