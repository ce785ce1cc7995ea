import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderRow } from '../../components/table/HeaderRow';
import { TitledSection } from '../../components/ui/TitledSection';
import type { DiscProfile } from './api';
import { categoryKey, marketplaceLink, type StyleId } from './styles';

/** The profile's cards: the chart, what the style means for business, the categories that suit it. */
const CARD = 'flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card';

/**
 * A DISC profile: the primary and secondary style, the four scores as a bar chart (hidden from
 * screen readers) with the same numbers as a table, what the style means for prospecting,
 * follow-up and negotiation, and the Circle service categories that suit it.
 */
export function DiscProfileView({ profile, headingLevel = 2 }: { profile: DiscProfile; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const name = (s: StyleId) => t(`assessments.styles.${s}.name`);
  const primary = profile.primary;
  const scores = profile.scores ?? [];
  return (
    <section aria-labelledby="disc-profile-title" className="flex flex-col gap-6" data-testid="disc-profile">
      <div className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-card">
        <H id="disc-profile-title" className="text-2xl font-bold tracking-tight text-fg">
          {t('assessments.disc.primary', { style: `${name(primary)} (${primary})` })}
        </H>
        <p className="text-lg text-fg">{t(`assessments.styles.${primary}.tagline`)}</p>
        <p className="text-fg-muted">{t('assessments.disc.secondary', { style: `${name(profile.secondary)} (${profile.secondary})` })}</p>
        <p className="text-fg">{t(`assessments.styles.${primary}.summary`)}</p>
      </div>

      <figure className={CARD}>
        <figcaption>
          <Sub className="text-lg font-semibold text-fg">{t('assessments.disc.chartTitle')}</Sub>
          <p className="text-sm text-fg-muted">{t('assessments.disc.chartNote')}</p>
        </figcaption>
        <div aria-hidden="true" className="flex flex-col gap-2">
          {scores.map((s) => (
            <div key={s.style} className="grid grid-cols-[7.5rem_1fr_2.5rem] items-center gap-2 text-sm sm:grid-cols-[10rem_1fr_3rem]">
              <span className="truncate text-fg">
                {s.style} · {name(s.style)}
              </span>
              <span className="h-4 overflow-hidden rounded-full bg-surface-sunken">
                <span
                  className={s.style === primary ? 'block h-full rounded-full bg-primary' : 'block h-full rounded-full bg-primary/50'}
                  style={{ width: `${Math.max(2, s.percent)}%` }}
                />
              </span>
              <span className="text-right tabular-nums text-fg">{s.percent}</span>
            </div>
          ))}
        </div>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('assessments.disc.chartTitle')}</caption>
          <thead>
            <HeaderRow
              className="border-b border-border text-fg-muted"
              cellClassName="py-1 font-medium"
              columns={[
                { label: t('assessments.disc.tableStyle'), className: 'pr-2' },
                { label: t('assessments.disc.tableScore'), className: 'pr-2' },
                { label: t('assessments.disc.tableMost'), className: 'pr-2' },
                { label: t('assessments.disc.tableLeast') },
              ]}
            />
          </thead>
          <tbody>
            {scores.map((s) => (
              <tr key={s.style} className="border-b border-border last:border-0">
                <th scope="row" className="py-1 pr-2 font-normal text-fg">
                  {name(s.style)} ({s.style})
                </th>
                <td className="py-1 pr-2 tabular-nums">{s.percent}</td>
                <td className="py-1 pr-2 tabular-nums">{s.most}</td>
                <td className="py-1 tabular-nums">{s.least}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>

      <TitledSection id="disc-business" title={t('assessments.disc.forBusiness')} heading={Sub} className={CARD}>
        <dl className="grid gap-3 md:grid-cols-2">
          {(['prospecting', 'followUp', 'negotiation', 'watchOut'] as const).map((k) => (
            <div key={k} className="flex flex-col gap-1">
              <dt className="font-semibold text-fg">{t(`assessments.disc.${k}`)}</dt>
              <dd className="text-fg-muted">{t(`assessments.styles.${primary}.${k}`)}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <TitledSection id="disc-suits" title={t('assessments.disc.suits')} heading={Sub} className={CARD}>
        <p className="text-sm text-fg-muted">{t('assessments.disc.suitsBody')}</p>
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {(profile.categories ?? []).map((tag) => (
            <li key={tag}>
              <Link
                to={marketplaceLink(tag)}
                className="inline-flex min-h-11 items-center gap-2 rounded-card border border-border px-3 py-2 text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary"
              >
                {t('assessments.disc.browse', { category: t(categoryKey(tag)) })}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>
    </section>
  );
}
