import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSign, Cookie, Link2, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button';
import { TitledSection } from '../../components/ui/TitledSection';
import { useViewer } from '../../lib/session';
import { myAffiliateQuery, programmeQuery } from './api';
import { percent } from './schema';

/** /affiliate: what the programme is, its rates and cookie (from the server's constants), how it works, and the next step for the viewer. */
export default function LandingPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const terms = useQuery(programmeQuery());
  const mine = useQuery(myAffiliateQuery(signedIn));
  const status = mine.data?.application?.status;
  const p = terms.data;
  const values = p
    ? { order: percent(p.order_rate_bp), subscription: percent(p.subscription_rate_bp), days: p.attribution_days }
    : { order: '…', subscription: '…', days: '…' };

  const steps = [
    { icon: Link2, title: t('affiliates.landing.step1'), body: t('affiliates.landing.step1Body') },
    { icon: Cookie, title: t('affiliates.landing.step2'), body: t('affiliates.landing.step2Body', values) },
    { icon: BadgeDollarSign, title: t('affiliates.landing.step3'), body: t('affiliates.landing.step3Body', values) },
    { icon: Wallet, title: t('affiliates.landing.step4'), body: t('affiliates.landing.step4Body') },
  ];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-8 md:py-14">
      <section className="flex flex-col gap-4">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('affiliates.landing.eyebrow')}</p>
        <h1 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">{t('affiliates.landing.title')}</h1>
        <p className="max-w-3xl text-lg text-fg-muted">{t('affiliates.landing.lead')}</p>
        <div className="flex flex-wrap gap-3">
          {status === 'approved' ? (
            <ButtonLink to="/affiliate/dashboard">{t('affiliates.landing.toDashboard')}</ButtonLink>
          ) : status ? (
            <p role="status" className="rounded-control bg-surface-sunken px-3 py-2 text-sm text-fg">
              {t(`affiliates.landing.status.${status}`)}
            </p>
          ) : (
            <ButtonLink to="/affiliate/apply">{t('affiliates.landing.apply')}</ButtonLink>
          )}
        </div>
      </section>

      <TitledSection id="aff-rates" title={t('affiliates.landing.ratesTitle')} className="flex flex-col gap-4" headingClassName="text-xl font-semibold text-fg">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Rate label={t('affiliates.landing.orderRate')} value={values.order} note={t('affiliates.landing.orderRateNote')} />
          <Rate label={t('affiliates.landing.subscriptionRate')} value={values.subscription} note={t('affiliates.landing.subscriptionRateNote')} />
          <Rate label={t('affiliates.landing.cookie')} value={t('affiliates.landing.days', { count: Number(p?.attribution_days ?? 30) })} note={t('affiliates.landing.cookieNote')} />
        </dl>
      </TitledSection>

      <TitledSection id="aff-how" title={t('affiliates.landing.howTitle')} className="flex flex-col gap-4" headingClassName="text-xl font-semibold text-fg">
        <ol className="grid gap-4 md:grid-cols-2">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-3 rounded-card border border-border bg-surface p-4 shadow-card">
              <s.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold text-fg">
                  {i + 1}. {s.title}
                </h3>
                <p className="text-sm text-fg-muted">{s.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </TitledSection>

      <TitledSection id="aff-rules" title={t('affiliates.landing.rulesTitle')} className="flex flex-col gap-2" headingClassName="text-xl font-semibold text-fg">
        <ul className="list-disc space-y-1 pl-5 text-sm text-fg-muted">
          <li>{t('affiliates.landing.rule1')}</li>
          <li>{t('affiliates.landing.rule2')}</li>
          <li>{t('affiliates.landing.rule3')}</li>
        </ul>
      </TitledSection>
    </div>
  );
}

function Rate({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-border bg-surface p-5 shadow-card">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-3xl font-bold text-fg">{value}</dd>
      <dd className="text-sm text-fg-muted">{note}</dd>
    </div>
  );
}
