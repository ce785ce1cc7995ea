import { CircleDot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeatureFlags } from '../../lib/flags';
import { openCookieSettings } from './cookieSettings';
import { CurrencySwitch } from './CurrencySwitch';
import { primaryNav } from './headerEntries';

const LEGAL_LINKS = [
  { to: '/terms', key: 'common.legal.terms' },
  { to: '/privacy', key: 'common.legal.privacy' },
  { to: '/cookies', key: 'common.legal.cookies' },
  { to: '/buyer-protection', key: 'common.legal.buyerProtection' },
  { to: '/seller-agreement', key: 'common.legal.sellerAgreement' },
  { to: '/prohibited-items', key: 'common.legal.prohibitedItems' },
  { to: '/refund-policy', key: 'common.legal.refundPolicy' },
  { to: '/dispute-resolution', key: 'common.legal.disputeResolution' },
  { to: '/contact', key: 'common.legal.contact' },
] as const;

/** Spec 01§1: 18+, local law, own taxes, as-is, indemnification, user content. */
const NOTICES = [
  'common.footer.notice.age',
  'common.footer.notice.law',
  'common.footer.notice.taxes',
  'common.footer.notice.asIs',
  'common.footer.notice.indemnity',
  'common.footer.notice.userContent',
] as const;

const linkClass = 'rounded-control text-sm text-fg-muted hover:text-primary hover:underline';

export function Footer() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const explore = primaryNav(flags);

  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="flex flex-col gap-3">
          <Link to="/" className="flex items-center gap-2 self-start rounded-control text-lg font-bold text-primary-strong">
            <CircleDot aria-hidden="true" className="size-6 text-primary" />
            {t('common.appName')}
          </Link>
          <p className="text-sm text-fg-muted">{t('common.footer.tagline')}</p>
          {/* Prices' currency (F-APP-06), where marketplaces keep region settings. */}
          <CurrencySwitch className="self-start" />
          {/* A page the server renders (the API reference), not a client route: a plain link. */}
          <a href="/api/docs" className={`${linkClass} self-start`}>
            {t('common.footer.apiDocs')}
          </a>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="mb-3 text-sm font-semibold text-fg">
            {t('common.footer.explore')}
          </h2>
          <ul className="flex flex-col gap-2">
            {explore.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(l.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold text-fg">
            {t('common.footer.legalAndSupport')}
          </h2>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(l.key)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={openCookieSettings} className={`${linkClass} text-left`}>
                {t('common.footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <section aria-labelledby="footer-notices" className="border-t border-border bg-surface-muted">
        <div className="mx-auto w-full max-w-7xl px-4 py-6">
          <h2 id="footer-notices" className="mb-2 text-xs font-semibold tracking-wide text-fg uppercase">
            {t('common.footer.notices')}
          </h2>
          <ul className="grid gap-1 text-xs text-fg-muted md:grid-cols-2">
            {NOTICES.map((k) => (
              <li key={k}>{t(k)}</li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-fg-muted">{t('common.footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </section>
    </footer>
  );
}
