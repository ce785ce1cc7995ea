import { useQuery } from '@tanstack/react-query';
import { Sparkles, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledControl } from '../../components/form/LabelledControl';
import { HeaderRow } from '../../components/table/HeaderRow';
import { ButtonLink } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { formatCents } from '../../lib/money';
import { CA_PROVINCES, US_STATES } from '../../lib/regions';
import { useViewer } from '../../lib/session';
import { marketQuery, recommendationsQuery, type Market, type Recommendations } from './api';
import { categoryName } from '../../components/catalog/categoryName';

type Lang = 'en' | 'es' | 'fr';
type Recommended = NonNullable<Recommendations['services']>[number];
type Reason = NonNullable<Recommended['reasons']>[number];

function langOf(l: string): Lang {
  const b = l.slice(0, 2);
  return b === 'es' || b === 'fr' ? b : 'en';
}

/** The spec's AI recommendation messages (03§8) for a failed read. */
function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  let title = t('concierge.insights.errors.serviceTitle');
  let body = t('concierge.insights.errors.serviceBody');
  if (error instanceof ApiError && error.status === 0) {
    title = t('concierge.insights.errors.connectionTitle');
    body = t('concierge.insights.errors.connectionBody');
  } else if (error instanceof ApiError && (error.status === 503 || error.status === 429)) {
    title = t('concierge.insights.errors.unavailable');
    body = '';
  }
  return (
    <div role="alert" className="rounded-card border border-danger/40 bg-danger-soft p-4 text-sm text-fg">
      <p className="font-semibold">{title}</p>
      {body ? <p>{body}</p> : null}
    </div>
  );
}

function reasonText(r: Reason, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t(`concierge.insights.reason.${r.key}`, { ...r.params });
}

function RecommendedCards() {
  const { t, i18n } = useTranslation();
  const q = useQuery(recommendationsQuery(langOf(i18n.language)));
  if (q.isPending) {
    return (
      <ul aria-busy="true" aria-label={t('concierge.insights.loading')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} aria-hidden="true" className="flex h-72 flex-col gap-2 rounded-card border border-border p-3">
            <div className="aspect-[16/9] w-full animate-pulse rounded-control bg-surface-sunken motion-reduce:animate-none" />
            <div className="h-4 w-3/4 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    );
  }
  if (q.isError) return <ErrorNote error={q.error} />;
  const recs = q.data;
  const services: Recommended[] = recs.services ?? [];
  return (
    <>
      {!recs.personal ? <p className="text-sm text-fg-muted">{t('concierge.insights.notPersonal')}</p> : null}
      {services.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('concierge.insights.none')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="recommendations">
          {services.map((s) => (
            <li key={s.service_id} className="flex h-72 flex-col overflow-hidden rounded-card border border-border bg-surface" data-testid="recommendation">
              {s.image_url ? (
                <img src={s.image_url} alt="" width={400} height={225} loading="lazy" className="aspect-[16/9] w-full bg-surface-sunken object-cover" />
              ) : (
                <div aria-hidden="true" className="aspect-[16/9] w-full bg-surface-sunken" />
              )}
              <div className="flex min-h-0 flex-1 flex-col gap-1 p-3">
                <h3 className="line-clamp-2 font-semibold text-fg">
                  <Link to={s.url} className="hover:underline focus-visible:underline">
                    {s.title}
                  </Link>
                </h3>
                <p className="truncate text-xs text-fg-muted">{s.vendor_name}</p>
                <p className="flex items-center gap-2 text-sm">
                  <span className="font-semibold tabular text-fg">{s.price}</span>
                  {s.review_count > 0 ? (
                    <span className="inline-flex items-center gap-0.5 text-xs text-fg-muted">
                      <Star aria-hidden="true" className="size-3 fill-current text-warning" />
                      {t('concierge.insights.rating', { rating: s.rating.toFixed(1), count: s.review_count })}
                    </span>
                  ) : null}
                </p>
                <ul className="mt-auto flex flex-col gap-0.5 text-xs text-primary-strong">
                  {(s.reasons ?? []).map((r) => (
                    <li key={r.key} className="flex gap-1">
                      <Sparkles aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
                      <span>{reasonText(r, t)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MarketTable({ market }: { market: Market }) {
  const { t, i18n } = useTranslation();
  const categories = market.categories ?? [];
  if (categories.length === 0) return <p className="text-sm text-fg-muted">{t('concierge.insights.marketEmpty')}</p>;
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t('concierge.insights.marketCaption', { state: market.state, days: market.window_days })}</caption>
        <thead className="bg-surface-sunken text-xs text-fg-muted">
          <HeaderRow
            cellClassName="px-3 py-2 font-medium"
            columns={[
              { label: t('concierge.insights.col.category') },
              { label: t('concierge.insights.col.inState', { state: market.state }), className: 'text-right' },
              { label: t('concierge.insights.col.all'), className: 'text-right' },
              { label: t('concierge.insights.col.services'), className: 'text-right' },
              { label: t('concierge.insights.col.median'), className: 'text-right' },
              { label: t('concierge.insights.col.copay'), className: 'text-right' },
            ]}
          />
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.category} className="border-t border-border">
              <th scope="row" className="px-3 py-2 font-medium text-fg">
                <Link to={`/marketplace?category=${encodeURIComponent(c.category)}`} className="hover:underline">
                  {categoryName(t, c.category)}
                </Link>
              </th>
              <td className="px-3 py-2 text-right tabular">{c.purchases_in_state}</td>
              <td className="px-3 py-2 text-right tabular">{c.purchases_all}</td>
              <td className="px-3 py-2 text-right tabular">{c.services}</td>
              <td className="px-3 py-2 text-right tabular">
                {c.median_monthly_cents === null
                  ? '—'
                  : t('concierge.insights.perMonth', { price: formatCents(c.median_monthly_cents, { language: i18n.language, currency: 'USD' }) })}
              </td>
              <td className="px-3 py-2 text-right tabular">{t('concierge.insights.percent', { pct: c.copay_share })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MarketSection({ profileState }: { profileState: string }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [state, setState] = useState('');
  const q = useQuery(marketQuery(state));
  const shown = state || q.data?.state || profileState;
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <LabelledControl id={selectId} label={t('concierge.insights.state')} className="flex flex-col gap-1">
          <select
            id={selectId}
            value={shown}
            onChange={(e) => setState(e.target.value)}
            className="h-11 rounded-control border border-border-strong bg-surface px-3 text-sm"
          >
            {shown === '' ? <option value="">{t('concierge.insights.anyState')}</option> : null}
            {[...US_STATES, ...CA_PROVINCES].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </LabelledControl>
        <p className="text-xs text-fg-muted">{t('concierge.insights.marketNote', { days: q.data?.window_days ?? 90 })}</p>
      </div>
      {q.isPending ? (
        <div aria-busy="true" aria-label={t('concierge.insights.loading')} className="h-80 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : q.isError ? (
        <ErrorNote error={q.error} />
      ) : (
        <MarketTable market={q.data} />
      )}
    </>
  );
}

/**
 * Recommendations and market intelligence on /ai-dashboard (issue 29 item 5, F-AI-04): for a
 * signed-in agent, services picked from what Circle knows of them, each with its reasons, and
 * their state's market by category from Circle's own purchases. Visitors are told to sign in
 * (03§8 "Authentication Required").
 */
export default function AgentInsights() {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (viewer.status === 'loading') return <div aria-hidden="true" className="h-96" />;
  if (viewer.status === 'signed-out') {
    return (
      <TitledSection
        id="insights-signin"
        title={t('concierge.insights.authTitle')}
        className="flex flex-col items-center gap-3 rounded-card border border-border bg-surface p-6 text-center"
        headingClassName="text-lg font-semibold"
      >
        <p className="text-sm text-fg-muted">{t('concierge.insights.authBody')}</p>
        <ButtonLink to="/auth?redirect=%2Fai-dashboard">{t('concierge.insights.signIn')}</ButtonLink>
      </TitledSection>
    );
  }
  return (
    <div className="flex flex-col gap-10 text-left">
      <TitledSection id="insights-recs" title={t('concierge.insights.recsTitle')} className="flex flex-col gap-3" headingClassName="text-xl font-semibold">
        <RecommendedCards />
      </TitledSection>
      <TitledSection id="insights-market" title={t('concierge.insights.marketTitle')} className="flex flex-col gap-3" headingClassName="text-xl font-semibold">
        <MarketSection profileState={viewer.profile?.state ?? ''} />
      </TitledSection>
    </div>
  );
}
