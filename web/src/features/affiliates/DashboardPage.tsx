import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkBox } from '../../components/ui/LinkBox';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { StatTile } from '../../components/ui/StatTile';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { useCopied } from '../../lib/useCopied';
import { ActivityChart } from './ActivityChart';
import { dashboardQuery, myAffiliateQuery, type Conversion } from './api';
import { exactUSD } from './schema';

/** /affiliate/dashboard: the approved affiliate's link, clicks, conversions, commission by payout status and the last 30 days. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  // The member's application first: only an approved affiliate has a dashboard to read (asking
  // anyone else would be a 404 in the console of every member who opens this page).
  const mine = useQuery(myAffiliateQuery(true));
  const approved = mine.data?.application?.status === 'approved';
  const dash = useQuery(dashboardQuery(approved));
  const money = (cents: number) => exactUSD(cents, i18n.language);
  if (mine.isSuccess && !approved) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('affiliates.dashboard.title')}</h1>
        <p className="text-fg-muted">{t('affiliates.dashboard.notAffiliate')}</p>
        <div>
          <ButtonLink to="/affiliate">{t('affiliates.dashboard.learnMore')}</ButtonLink>
        </div>
      </div>
    );
  }
  if (mine.isPending || dash.isPending)
    return (
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 md:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('affiliates.dashboard.title')}</h1>
        <Spinner className="mx-auto my-8" />
      </div>
    );
  if (mine.isError || dash.isError) {
    const notAffiliate = dash.error instanceof ApiError && dash.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('affiliates.dashboard.title')}</h1>
        <p className="text-fg-muted">{notAffiliate ? t('affiliates.dashboard.notAffiliate') : t('affiliates.dashboard.error')}</p>
        {notAffiliate ? (
          <div>
            <ButtonLink to="/affiliate">{t('affiliates.dashboard.learnMore')}</ButtonLink>
          </div>
        ) : null}
      </div>
    );
  }
  const d = dash.data;
  const link = `${window.location.origin}/marketplace?aff=${encodeURIComponent(d.affiliate.code)}`;
  const c = d.commission_cents ?? {};
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-fg">{t('affiliates.dashboard.title')}</h1>
      <AffiliateLink link={link} />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label={t('affiliates.dashboard.clicks')} value={String(d.clicks)} />
        <StatTile label={t('affiliates.dashboard.conversions')} value={String(d.conversions)} />
        <StatTile label={t('affiliates.dashboard.earned')} value={money((c.pending ?? 0) + (c.approved ?? 0) + (c.paid ?? 0))} />
        <StatTile label={t('affiliates.dashboard.paidOut')} value={money(c.paid ?? 0)} />
      </dl>
      <TitledSection id="aff-payout" title={t('affiliates.dashboard.payoutTitle')} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-card">
        <ul className="grid gap-2 sm:grid-cols-3">
          {(['pending', 'approved', 'paid'] as const).map((s) => (
            <li key={s} className="flex flex-col rounded-control bg-surface-sunken px-3 py-2">
              <span className="text-sm text-fg-muted">{t(`affiliates.statuses.${s}`)}</span>
              <span className="text-lg font-semibold text-fg">{money(c[s] ?? 0)}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-fg-muted">{t('affiliates.dashboard.payoutNote')}</p>
      </TitledSection>
      <ActivityChart days={d.days ?? []} money={money} />
      <TitledSection id="aff-recent" title={t('affiliates.dashboard.recentTitle')} className="flex flex-col gap-3">
        {(d.recent ?? []).length === 0 ? <p className="text-fg-muted">{t('affiliates.dashboard.noConversions')}</p> : <Recent rows={d.recent ?? []} money={money} />}
      </TitledSection>
    </div>
  );
}

/** The affiliate's own marketplace link, with its copy button and a polite "copied" for screen readers. */
function AffiliateLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopied();
  return (
    <LinkBox
      id="aff-link"
      title={t('affiliates.dashboard.linkTitle')}
      link={link}
      note={t('affiliates.dashboard.linkNote')}
      copyButton={
        <Button variant="secondary" onClick={() => void copy(link)}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t('affiliates.dashboard.copied') : t('affiliates.dashboard.copy')}
        </Button>
      }
    >
      <span aria-live="polite" className="sr-only">
        {copied ? t('affiliates.dashboard.copied') : ''}
      </span>
    </LinkBox>
  );
}


function Recent({ rows, money }: { rows: Conversion[]; money: (cents: number) => string }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface" role="region" aria-label={t('affiliates.dashboard.recentTitle')} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('affiliates.dashboard.recentTitle')}</caption>
        <thead className="bg-surface-sunken">
          <tr>
            <th scope="col" className="px-3 py-2">{t('affiliates.dashboard.date')}</th>
            <th scope="col" className="px-3 py-2">{t('affiliates.dashboard.type')}</th>
            <th scope="col" className="px-3 py-2 text-right">{t('affiliates.dashboard.amount')}</th>
            <th scope="col" className="px-3 py-2 text-right">{t('affiliates.dashboard.commission')}</th>
            <th scope="col" className="px-3 py-2">{t('affiliates.dashboard.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-border">
              <td className="px-3 py-2">{date.format(new Date(r.created_at))}</td>
              <td className="px-3 py-2">{t(`affiliates.types.${r.conversion_type}`)}</td>
              <td className="px-3 py-2 text-right">{money(r.amount_gross_cents)}</td>
              <td className="px-3 py-2 text-right">{money(r.commission_cents)}</td>
              <td className="px-3 py-2">{t(`affiliates.statuses.${r.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
