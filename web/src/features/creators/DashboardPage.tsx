import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkBox } from '../../components/ui/LinkBox';
import { DataTable, useTableParams, type Column } from '../../components/table/DataTable';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { StatTile } from '../../components/ui/StatTile';
import { toast } from '../../lib/toast';
import { useCopied } from '../../lib/useCopied';
import { dashboardQuery, myApplicationQuery, useDeleteContent, type CreatorContent, type CreatorDashboard } from './api';
import { AddContentForm } from './AddContentForm';
import { BarChart } from './BarChart';
import { exactUSD } from './schema';
import { NewTabLink } from '../../components/ui/NewTabLink';

/**
 * /creator-dashboard: the approved creator's content with each piece's referral link and what it
 * brought, their referral link, clicks, conversions and earnings (their affiliate commissions)
 * with charts, and the payout setup's status. `courses` is the academy's list of the creator's
 * courses, which the app composes in (features do not import each other).
 */
export default function DashboardPage({ courses }: { courses?: ReactNode }) {
  const { t } = useTranslation();
  // The application first: only an approved creator has a dashboard to read.
  const mine = useQuery(myApplicationQuery());
  const approved = mine.data?.application?.status === 'approved';
  const dash = useQuery(dashboardQuery(approved));
  if (mine.isSuccess && !approved) {
    return (
      <Notice title={t('creators.dashboard.title')} actions={<ButtonLink to="/creator-onboarding">{t('creators.notCreatorAction')}</ButtonLink>}>
        {t('creators.notCreator')}
      </Notice>
    );
  }
  if (mine.isError || dash.isError) {
    return (
      <Notice title={t('creators.dashboard.title')} tone="danger">
        {t('creators.loadError')}
      </Notice>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 md:py-12">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight text-fg">{t('creators.dashboard.title')}</h1>
          {dash.data ? <p className="text-fg-muted">{t('creators.dashboard.hello', { name: dash.data.application.display_name })}</p> : null}
        </div>
      </header>
      {dash.data ? <Loaded d={dash.data} courses={courses} /> : <Skeleton />}
    </div>
  );
}

function Skeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-6" data-testid="creator-dashboard-skeleton">
      <div className="h-28 animate-pulse rounded-card bg-surface-sunken" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-card bg-surface-sunken" />
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-card bg-surface-sunken" />
    </div>
  );
}

function Loaded({ d, courses }: { d: CreatorDashboard; courses?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => exactUSD(cents, i18n.language);
  const ref = d.referral;
  const c = ref?.commission_cents ?? {};
  const earned = (c.pending ?? 0) + (c.approved ?? 0) + (c.paid ?? 0);
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const days = (ref?.days ?? []).map((x) => ({ ...x, label: day.format(new Date(`${x.day}T00:00:00Z`)) }));
  const clicks30 = days.reduce((n, x) => n + x.clicks, 0);
  const earned30 = days.reduce((n, x) => n + x.commission_cents, 0);
  const content = d.content ?? [];
  return (
    <>
      {d.payout.status !== 'active' ? (
        <section role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-warning-strong/30 bg-warning-soft p-4 text-warning-strong">
          <p className="text-sm font-medium">{t('creators.dashboard.payoutMissing')}</p>
          <ButtonLink to="/creator-payment-setup" size="sm">
            {t('creators.dashboard.setUpPayouts')}
          </ButtonLink>
        </section>
      ) : null}
      {ref ? <ReferralLink path={`/marketplace?aff=${encodeURIComponent(ref.affiliate.code)}`} /> : <p className="text-fg-muted">{t('creators.dashboard.noReferral')}</p>}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label={t('creators.dashboard.clicks')} value={String(ref?.clicks ?? 0)} />
        <StatTile label={t('creators.dashboard.conversions')} value={String(ref?.conversions ?? 0)} />
        <StatTile label={t('creators.dashboard.earned')} value={money(earned)} testId="creator-earned" />
        <StatTile label={t('creators.dashboard.paidOut')} value={money(c.paid ?? 0)} />
      </dl>
      <section aria-labelledby="creator-payout" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="creator-payout" className="text-lg font-semibold text-fg">
            {t('creators.dashboard.earningsTitle')}
          </h2>
          <span className="text-sm text-fg-muted">
            {d.payout.account?.bank_last4 ? t('creators.payments.bankOnFile', { last4: d.payout.account.bank_last4 }) : t(`creators.payments.status.${d.payout.status}`)}
          </span>
        </div>
        <ul className="grid gap-2 sm:grid-cols-3">
          {(['pending', 'approved', 'paid'] as const).map((s) => (
            <li key={s} className="flex flex-col rounded-control bg-surface-sunken px-3 py-2">
              <span className="text-sm text-fg-muted">{t(`creators.dashboard.statuses.${s}`)}</span>
              <span className="text-lg font-semibold text-fg">{money(c[s] ?? 0)}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-fg-muted">{t('creators.dashboard.earningsNote')}</p>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title={t('creators.dashboard.clicksChart')}
          summary={t('creators.dashboard.clicksSummary', { count: clicks30 })}
          bars={days.map((x) => ({ key: x.day, label: x.label, value: x.clicks }))}
          format={(n) => String(n)}
          firstHeader={t('creators.dashboard.day')}
          valueHeader={t('creators.dashboard.clicks')}
          testId="creator-clicks-chart"
        />
        <BarChart
          title={t('creators.dashboard.earningsChart')}
          summary={t('creators.dashboard.earningsSummary', { amount: money(earned30) })}
          bars={days.map((x) => ({ key: x.day, label: x.label, value: x.commission_cents }))}
          format={money}
          firstHeader={t('creators.dashboard.day')}
          valueHeader={t('creators.dashboard.earned')}
          testId="creator-earnings-chart"
        />
      </div>
      <ContentSection content={content} money={money} />
      {courses}
    </>
  );
}

function ContentSection({ content, money }: { content: CreatorContent[]; money: (cents: number) => string }) {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteContent();
  const { table, set } = useTableParams({ sort: 'published_on', dir: 'desc', pageSize: 10 });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const rows = content.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);
  const columns: Column<CreatorContent>[] = [
    {
      key: 'title',
      header: t('creators.content.title'),
      cell: (r) => (
        <span className="flex flex-col">
          <NewTabLink href={r.url} newTab={t('creators.content.opensNewTab')} className="inline-flex items-center gap-1 font-medium text-primary underline" iconClassName="size-3.5 shrink-0">
            {r.title}
          </NewTabLink>
          <span className="text-xs text-fg-muted">
            {t(`creators.kinds.${r.kind}`)} · {date.format(new Date(`${r.published_on}T00:00:00Z`))}
          </span>
        </span>
      ),
      csv: (r) => r.title,
    },
    { key: 'clicks', header: t('creators.dashboard.clicks'), cell: (r) => r.clicks, csv: (r) => String(r.clicks), className: 'text-right' },
    { key: 'conversions', header: t('creators.dashboard.conversions'), cell: (r) => r.conversions, csv: (r) => String(r.conversions), className: 'text-right' },
    { key: 'earned', header: t('creators.dashboard.earned'), cell: (r) => money(r.earned_cents), csv: (r) => String(r.earned_cents), className: 'text-right' },
    {
      key: 'link',
      header: t('creators.content.link'),
      cell: (r) => (r.referral_path ? <CopyButton text={`${window.location.origin}${r.referral_path}`} label={t('creators.content.copyLinkOf', { title: r.title })} /> : null),
      csv: (r) => (r.referral_path ? `${window.location.origin}${r.referral_path}` : ''),
    },
    {
      key: 'actions',
      header: t('creators.content.actions'),
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={remove.isPending}
          aria-label={t('creators.content.removeOf', { title: r.title })}
          onClick={() => remove.mutate(r.id, { onSuccess: () => toast({ title: t('creators.content.removed'), variant: 'success' }), onError: () => toast({ title: t('creators.content.removeFailed'), variant: 'error' }) })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      ),
    },
  ];
  const top = [...content].sort((a, b) => b.clicks - a.clicks).slice(0, 8);
  return (
    <section aria-labelledby="creator-content" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="creator-content" className="text-xl font-semibold text-fg">
          {t('creators.content.heading')}
        </h2>
        {!adding ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('creators.content.add')}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-fg-muted">{t('creators.content.lead')}</p>
      {adding ? <AddContentForm onDone={() => setAdding(false)} /> : null}
      {content.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-fg-muted">{t('creators.content.empty')}</p>
      ) : (
        <>
          <DataTable
            caption={t('creators.content.heading')}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            total={content.length}
            params={table}
            onParams={set}
            csvName="creator-content.csv"
            loading={false}
          />
          <BarChart
            title={t('creators.content.chartTitle')}
            summary={t('creators.content.chartSummary', { count: top.length })}
            bars={top.map((x) => ({ key: x.id, label: x.title, value: x.clicks }))}
            format={(n) => String(n)}
            firstHeader={t('creators.content.title')}
            valueHeader={t('creators.dashboard.clicks')}
            testId="creator-content-chart"
          />
        </>
      )}
    </section>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopied();
  return (
    <Button size="sm" variant="secondary" onClick={() => void copy(text)} aria-label={label}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? t('creators.dashboard.copied') : t('creators.dashboard.copy')}</span>
    </Button>
  );
}

/** The creator's referral link to the marketplace, with its copy button. */
function ReferralLink({ path }: { path: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${path}`;
  return (
    <LinkBox
      id="creator-link"
      title={t('creators.dashboard.linkTitle')}
      link={link}
      note={t('creators.dashboard.linkNote')}
      copyButton={<CopyButton text={link} label={t('creators.dashboard.copyMain')} />}
    />
  );
}

