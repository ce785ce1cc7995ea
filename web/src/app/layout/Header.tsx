import { CircleDot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { useFeatureFlags } from '../../lib/flags';
import { LanguagePicker } from './LanguagePicker';

export function Header() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const nav = [
    flags.marketplace && { to: '/marketplace', label: t('common.header.nav.marketplace') },
    { to: '/lobby', label: t('common.header.nav.lobby') },
    flags.academy && { to: '/academy', label: t('common.header.nav.academy') },
    { to: '/pricing', label: t('common.header.nav.pricing') },
  ].filter((x): x is { to: string; label: string } => Boolean(x));

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-control text-lg font-bold text-primary-strong">
          <CircleDot aria-hidden="true" className="size-6 text-primary" />
          <span className="max-sm:sr-only">{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('common.header.mainNav')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'rounded-control px-3 py-2 text-sm font-medium hover:bg-surface-sunken',
                      isActive ? 'text-primary' : 'text-fg-muted',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <LanguagePicker />
          <ButtonLink
            to="/auth?mode=signup"
            className="h-auto min-h-10 py-1 text-center leading-tight max-sm:px-3 sm:whitespace-nowrap"
          >
            {t('common.header.getStarted')}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
