import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '../../components/ui/ChartTable';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * An accessible SVG bar chart: the drawing is one image with a summary for screen readers, and the
 * same figures are a real table under "Show the figures as a table" (the alternative of 03§5's
 * charts; no chart library, so the dashboard's chunk stays small).
 */
export function BarChart({
  title,
  summary,
  bars,
  format,
  valueHeader,
  firstHeader,
  testId,
}: {
  title: string;
  summary: string;
  bars: Bar[];
  format: (n: number) => string;
  valueHeader: string;
  firstHeader: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const w = 600;
  const h = 160;
  const gap = 2;
  const bw = bars.length ? (w - gap * (bars.length - 1)) / bars.length : w;
  const first = bars[0];
  const last = bars[bars.length - 1];
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card" aria-labelledby={`${id}-t`}>
      <figcaption className="flex flex-col gap-1">
        <h2 id={`${id}-t`} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <p className="text-sm text-fg-muted">{summary}</p>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" className="h-40 w-full" role="img" aria-label={`${title}. ${summary}`} data-testid={testId}>
        <line x1="0" y1={h - 0.5} x2={w} y2={h - 0.5} className="stroke-border" strokeWidth="1" />
        {bars.map((b, i) => {
          const bh = b.value > 0 ? Math.max(2, (b.value / max) * (h - 4)) : 0;
          return (
            <rect key={b.key} x={i * (bw + gap)} y={h - bh} width={bw} height={bh} rx="1.5" className="fill-primary/75">
              <title>{`${b.label}: ${format(b.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-fg-muted">
        <span>{first?.label ?? ''}</span>
        <span>{last?.label ?? ''}</span>
      </div>
      <ChartTable title={title} toggle={t('creators.dashboard.showTable')}>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-1 pr-3">
              {firstHeader}
            </th>
            <th scope="col" className="py-1 text-right">
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key} className="border-b border-border/60">
              <th scope="row" className="py-1 pr-3 font-normal">
                {b.label}
              </th>
              <td className="py-1 text-right">{format(b.value)}</td>
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  );
}
