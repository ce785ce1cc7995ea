import { ArrowRight, Briefcase, HeartPulse, House, Sprout, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The five lobby categories and the marketplace filter each opens (spec 01§2). */
export const LOBBY_CATEGORIES: ReadonlyArray<{ slug: string; labelKey: string; icon: LucideIcon }> = [
  { slug: 'home-property', labelKey: 'lobby.categories.homeProperty', icon: House },
  { slug: 'business-professional', labelKey: 'lobby.categories.businessProfessional', icon: Briefcase },
  { slug: 'healthcare-wellness', labelKey: 'lobby.categories.healthcareWellness', icon: HeartPulse },
  { slug: 'community-lifestyle', labelKey: 'lobby.categories.communityLifestyle', icon: Users },
  { slug: 'growth-emerging', labelKey: 'lobby.categories.growthEmerging', icon: Sprout },
];

/**
 * The lobby. counts are the live services per lobby category (slug -> count), or null while they
 * are not known; the app layer reads them from the marketplace's data.
 */
export default function LobbyPage({ counts }: { counts: ReadonlyMap<string, number> | null }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12">
      <div className="mb-8 flex flex-col gap-2">
        <h1 id="lobby-title" className="text-2xl font-bold tracking-tight text-fg">{t('lobby.title')}</h1>
        <p className="text-base text-fg-muted">{t('lobby.subtitle')}</p>
      </div>
      <ul aria-labelledby="lobby-title" className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
        {LOBBY_CATEGORIES.map(({ slug, labelKey, icon: Icon }) => (
          <li key={slug}>
            <Link
              to={`/marketplace?category=${slug}`}
              className="group flex h-full flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card transition-colors hover:border-primary"
            >
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-control bg-primary-soft text-primary">
                <Icon className="size-5" />
              </span>
              <span className="flex flex-1 flex-col gap-1">
                <span className="text-base font-semibold text-fg">{t(labelKey)}</span>
                {counts ? (
                  <span className="text-sm tabular text-fg-muted">{t('lobby.count', { count: counts.get(slug) ?? 0 })}</span>
                ) : null}
              </span>
              <span aria-hidden="true" className="flex items-center gap-1 text-sm font-medium text-primary group-hover:underline">
                {t('lobby.browse')}
                <ArrowRight className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
