import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsPoint } from './api';
import { money } from './filters';


const TRAFFIC = [
  { key: 'views', color: 'var(--color-primary)' },
  { key: 'clicks', color: 'var(--color-pro)' },
  { key: 'cart_adds', color: 'var(--color-savings)' },
  { key: 'bookings', color: 'var(--color-fg-muted)' },
] as const;

function label(p: AnalyticsPoint) {
  return p.start === p.end ? p.start.slice(5) : `${p.start.slice(5)}–${p.end.slice(5)}`;
}

/** Views, clicks, add-to-carts and bookings per bucket (Recharts; the table beside it has the numbers). */
export function TrafficChart({ series }: { series: AnalyticsPoint[] }) {
  const { t } = useTranslation();
  const data = series.map((p) => ({ ...p, label: label(p) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: 'var(--color-fg-muted)' }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--color-fg-muted)' }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {TRAFFIC.map((m) => (
          <Line key={m.key} type="monotone" dataKey={m.key} name={t(`vendorAnalytics.measures.${m.key}`)} stroke={m.color} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Purchases (bars) and revenue (line, dollars) per bucket. */
export function SalesChart({ series }: { series: AnalyticsPoint[] }) {
  const { t, i18n } = useTranslation();
  const data = series.map((p) => ({ label: label(p), purchases: p.purchases, revenue: p.revenue_cents / 100 }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: 'var(--color-fg-muted)' }} minTickGap={16} />
        <YAxis yAxisId="n" allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--color-fg-muted)' }} />
        <YAxis yAxisId="usd" orientation="right" tick={{ fontSize: 12, fill: 'var(--color-fg-muted)' }} tickFormatter={(v: number) => money(v * 100, i18n.language)} width={72} />
        <Tooltip formatter={(v, name) => (name === t('vendorAnalytics.measures.revenue') ? money(Number(v) * 100, i18n.language) : v)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="n" dataKey="purchases" name={t('vendorAnalytics.measures.purchases')} fill="var(--color-primary)" isAnimationActive={false} />
        <Line yAxisId="usd" type="monotone" dataKey="revenue" name={t('vendorAnalytics.measures.revenue')} stroke="var(--color-savings)" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
