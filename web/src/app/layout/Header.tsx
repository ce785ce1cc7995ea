import { CircleDot, Crown, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { GoalsButton } from '../../features/assessments/GoalsButton';
import { CartButton } from '../../features/cart/CartButton';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { SessionLayer } from '../../features/sessions/SessionLayer';
import { LocationChip } from '../../features/location/LocationChip';
import { useFeatureFlags } from '../../lib/flags';
import { useViewer } from '../../lib/session';
import { primaryNav, showsPoints, upgradeLink, VISITOR_LINKS } from './headerEntries';
import { CurrencySwitch } from './CurrencySwitch';
import { LanguagePicker } from './LanguagePicker';
import { MobileMenu } from './MobileMenu';
import { pointsOf } from './userMenu';

// Only signed-in users need the menu: visitors do not download it.
const UserMenu = lazy(() => import('./UserMenu'));

/*
 * The header has two layouts, switched by CSS alone (no script, so nothing moves once the page
 * has painted): below xl (1280 px) a compact bar (logo, language, location, wallet, Goals,
 * Upgrade, cart and the menu button, whose sheet holds the navigation and the account's
 * entries); from xl the desktop bar adds the navigation, the bell and the user menu. The
 * desktop bar needs about 1 250 px for a member in French (the longest labels); from lg it
 * was 169 px wider than a 1024 px window for an agent and 348 px at 768 px.
 */

export function Header() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const viewer = useViewer();
  const nav = primaryNav(flags);
  const upgrade = upgradeLink(viewer);
  const points = pointsOf(viewer);

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4">
          <Link to="/" className="flex shrink-0 items-center gap-2 rounded-control text-lg font-bold text-primary-strong">
            <CircleDot aria-hidden="true" className="size-6 text-primary" />
            <span className="max-sm:sr-only">{t('common.appName')}</span>
          </Link>
          <nav aria-label={t('common.header.mainNav')} className="hidden shrink-0 xl:block">
            <ul className="flex items-center gap-1">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        'rounded-control px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-sunken',
                        isActive ? 'text-primary' : 'text-fg-muted',
                      )
                    }
                  >
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <LanguagePicker />
            {/* The USD/CAD switch beside the language for visitors from lg. A member's header
                (wallet, Goals, Upgrade, bell, cart, menu) has no room for it at 1366 px (it
                widened the page by 12 px); members, phones and tablets find it in the footer. */}
            {viewer.status === 'signed-in' ? null : <CurrencySwitch className="max-lg:hidden" />}
            <LocationChip />
            {viewer.status === 'signed-in' ? (
              <>
                {showsPoints(viewer) ? (
                  <Link
                    to="/wallet"
                    aria-label={t('menu.walletLink', { points: points.toLocaleString() })}
                    className="flex h-10 items-center gap-1.5 rounded-control px-2 text-sm font-semibold text-fg hover:bg-surface-sunken"
                  >
                    <Wallet aria-hidden="true" className="size-4 text-primary" />
                    <span className="tabular">{points.toLocaleString()}</span>
                  </Link>
                ) : null}
                <GoalsButton />
                {upgrade ? (
                  <ButtonLink to={upgrade.to} size="sm" variant="secondary" className="whitespace-nowrap max-sm:hidden">
                    <Crown aria-hidden="true" className="size-4 text-pro" />
                    {t(upgrade.labelKey)}
                  </ButtonLink>
                ) : null}
                {/* Notices (issue 15); below xl the menu's Notifications entry leads to them. */}
                <div className="max-xl:hidden">
                  <NotificationsBell enabled />
                </div>
                <CartButton />
                {/* Below xl the menu button's sheet carries the user menu's entries. */}
                <div className="max-xl:hidden">
                  {/* The placeholder is as wide as the button (with the PRO badge for Pro
                      members): nothing moves when the menu's code arrives. */}
                  <Suspense
                    fallback={<span aria-hidden="true" className={cn('block h-10 rounded-pill bg-surface-sunken', viewer.isPro ? 'w-26' : 'w-15')} />}
                  >
                    <UserMenu viewer={viewer} />
                  </Suspense>
                </div>
              </>
            ) : viewer.status === 'signed-out' ? (
              <>
                <Link
                  to={VISITOR_LINKS.signIn.to}
                  className="rounded-control px-3 py-2 text-sm font-medium text-fg-muted hover:bg-surface-sunken max-sm:hidden"
                >
                  {t(VISITOR_LINKS.signIn.labelKey)}
                </Link>
                <ButtonLink
                  to={VISITOR_LINKS.signUp.to}
                  className="h-auto min-h-10 py-1 text-center leading-tight max-sm:px-3 sm:whitespace-nowrap"
                >
                  {t(VISITOR_LINKS.signUp.labelKey)}
                </ButtonLink>
              </>
            ) : (
              <span aria-hidden="true" className="h-10 w-24 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
            )}
            <MobileMenu viewer={viewer} />
          </div>
        </div>
      </header>
      <SessionLayer />
    </>
  );
}
