import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button';
import { PageTitle } from '../../components/ui/PageHeader';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { formatCents } from '../../lib/money';
import { useViewer } from '../../lib/session';
import { walletQuery, type AllocationView, type LedgerEntry } from './api';
import { formatDateTime } from '../../lib/dates';

/** Ledger reasons the wallet names; any other reason an area writes reads as an adjustment. */
const REASONS = ['allocation', 'spend', 'reversal', 'expiry', 'demo_opening_balance', 'pro_guarantee'] as const;

function reasonKey(reason: string): string {
  return (REASONS as readonly string[]).includes(reason) ? `wallet.reason.${reason}` : 'wallet.reason.other';
}

function dateText(iso: string, language: string): string {
  return formatDateTime(iso, language, { dateStyle: 'medium' });
}

/** Heights shared by the skeleton and the content, so nothing moves when the data arrives. */
const BALANCE_H = 'h-32';
const ALLOCATION_H = 'h-24';
const ENTRY_H = 'h-16';

function AllocationCard({ a }: { a: AllocationView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The server says where the allocation stands at its clock: usable, not started, or past its end.
  const upcoming = a.upcoming;
  const expired = !a.usable && !a.upcoming;
  const when = upcoming
    ? t('wallet.startsOn', { date: dateText(a.start_date, lang) })
    : expired
      ? t('wallet.expiredOn', { date: dateText(a.end_date, lang) })
      : t('wallet.expiresOn', { date: dateText(a.end_date, lang) });
  return (
    <li className={cn(ALLOCATION_H, 'flex items-center justify-between gap-3 rounded-card border border-border bg-surface px-4 shadow-card')}>
      <div className="min-w-0">
        <p className="line-clamp-2 font-semibold text-fg">{a.vendor_name}</p>
        <p className={cn('text-sm', expired ? 'text-fg-muted' : 'text-fg')}>{when}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('text-lg font-bold tabular', expired ? 'text-fg-muted' : 'text-fg')}>
          {t('wallet.pointsCount', { count: a.remaining_points, points: a.remaining_points.toLocaleString(lang) })}
        </p>
        <p className="text-xs text-fg-muted">{t('wallet.ofGranted', { points: a.points.toLocaleString(lang) })}</p>
      </div>
    </li>
  );
}

function EntryRow({ e }: { e: LedgerEntry }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const positive = e.delta_points > 0;
  const delta = `${positive ? '+' : '−'}${Math.abs(e.delta_points).toLocaleString(lang)}`;
  return (
    <li className={cn(ENTRY_H, 'flex items-center justify-between gap-3 px-4')}>
      <div className="min-w-0">
        <p className="truncate text-fg">{t(reasonKey(e.reason), { vendor: e.vendor_name ?? '' })}</p>
        <p className="truncate text-sm text-fg-muted">
          {dateText(e.created_at, lang)}
          {e.vendor_name && e.reason !== 'allocation' ? ` · ${e.vendor_name}` : ''}
        </p>
      </div>
      <p className={cn('shrink-0 font-semibold tabular', positive ? 'text-savings-strong' : 'text-fg')}>
        <span className="sr-only">{t(positive ? 'wallet.added' : 'wallet.removed')} </span>
        {delta}
      </p>
    </li>
  );
}

function WalletSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('wallet.loading')} className="flex flex-col gap-6">
      <div className={cn(BALANCE_H, 'rounded-card bg-surface-sunken motion-safe:animate-pulse')} />
      <div className="flex flex-col gap-3">
        <div className="h-7 w-40 rounded-control bg-surface-sunken" />
        {[0, 1].map((i) => (
          <div key={i} className={cn(ALLOCATION_H, 'rounded-card bg-surface-sunken motion-safe:animate-pulse')} />
        ))}
      </div>
      <div className="flex flex-col gap-3">
        <div className="h-7 w-32 rounded-control bg-surface-sunken" />
        <div className="flex flex-col divide-y divide-border rounded-card border border-border">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={cn(ENTRY_H, 'motion-safe:animate-pulse bg-surface-sunken')} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** /wallet: the agent's points, what each vendor's allocation has left and when it expires, and the ledger (F-PAY-07). */
export default function WalletPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(walletQuery(viewer.status === 'signed-in'));
  const lang = i18n.language;

  let body;
  if (viewer.status === 'loading' || q.isPending) {
    body = <WalletSkeleton />;
  } else if (q.isError) {
    body = (
      <LoadFailed message={t('wallet.loadError')} retryLabel={t('wallet.retry')} onRetry={() => void q.refetch()} />
    );
  } else {
    const { summary, entries } = q.data;
    const allocations = summary.allocations ?? [];
    const empty = entries.length === 0 && allocations.length === 0;
    body = (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="wallet-balance" className={cn(BALANCE_H, 'flex items-center gap-4 rounded-card border border-border bg-surface px-5 shadow-card')}>
          <Coins aria-hidden="true" className="size-10 shrink-0 text-primary" />
          <div>
            <h2 id="wallet-balance" className="text-sm font-medium text-fg-muted">
              {t('wallet.available')}
            </h2>
            <p className="text-3xl font-bold tabular text-fg">
              {t('wallet.pointsCount', { count: summary.total_available_points, points: summary.total_available_points.toLocaleString(lang) })}
            </p>
            <p className="text-sm text-fg-muted">
              {t('wallet.worth', { amount: formatCents(summary.total_dollar_value_cents, { language: lang, currency: 'USD' }) })}
            </p>
          </div>
        </section>
        {empty ? (
          <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-6">
            <p className="text-fg">{t('wallet.empty')}</p>
            <ButtonLink to="/marketplace">{t('wallet.browse')}</ButtonLink>
          </div>
        ) : (
          <>
            <TitledSection id="wallet-allocations" title={t('wallet.allocations')} className="flex flex-col gap-3">
              {allocations.length === 0 ? (
                <p className="text-fg-muted">{t('wallet.noAllocations')}</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {allocations.map((a) => (
                    <AllocationCard key={a.id} a={a} />
                  ))}
                </ul>
              )}
            </TitledSection>
            <TitledSection id="wallet-history" title={t('wallet.history')} className="flex flex-col gap-3">
              <ul className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface">
                {entries.map((e) => (
                  <EntryRow key={e.id} e={e} />
                ))}
              </ul>
            </TitledSection>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageTitle title={t('areas.wallet.title')} intro={t('areas.wallet.body')} />
      {body}
    </div>
  );
}
