import { Clock, Flame, Headset, Megaphone, Sparkles, ThumbsUp, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../../lib/flags';
import { visibleBadges, type BadgeId } from './badges';

const BADGES: Record<BadgeId, { icon: LucideIcon; key: string; tone: string }> = {
  featured: { icon: Sparkles, key: 'marketplace.badges.featured', tone: 'bg-primary-soft text-primary-strong' },
  top_pick: { icon: ThumbsUp, key: 'marketplace.badges.topPick', tone: 'bg-pro-soft text-pro-strong' },
  trending: { icon: Flame, key: 'marketplace.badges.trending', tone: 'bg-danger-soft text-danger-strong' },
  bestseller: { icon: Trophy, key: 'marketplace.badges.bestseller', tone: 'bg-pro-soft text-pro-strong' },
  support_24_7: { icon: Headset, key: 'marketplace.badges.support247', tone: 'bg-surface-sunken text-fg' },
  instant: { icon: Zap, key: 'marketplace.badges.instant', tone: 'bg-savings-soft text-savings-strong' },
};

/** The card's badges by priority (02§9), plus Sponsored when the sponsoredBadges flag is on. */
export function BadgeList({
  badges,
  variant,
  sponsored = false,
  discountPending = false,
}: {
  badges: readonly string[] | null;
  variant: 'compact' | 'default' | 'full';
  sponsored?: boolean;
  discountPending?: boolean;
}) {
  const { t } = useTranslation();
  const showSponsored = useFeatureFlag('sponsoredBadges') && sponsored;
  const list = visibleBadges(badges, variant);
  if (list.length === 0 && !showSponsored && !discountPending) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('marketplace.badges.label')}>
      {showSponsored ? (
        <li className="inline-flex items-center gap-1 rounded-pill border border-border-strong bg-surface px-2 py-0.5 text-xs font-medium text-fg-muted">
          <Megaphone aria-hidden="true" className="size-3.5" />
          {t('marketplace.badges.sponsored')}
        </li>
      ) : null}
      {list.map((id) => {
        const { icon: Icon, key, tone } = BADGES[id];
        return (
          <li key={id} className={`inline-flex max-w-full shrink-0 items-center gap-1 rounded-pill px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>
            <Icon aria-hidden="true" className="size-3.5" />
            {t(key)}
          </li>
        );
      })}
      {discountPending ? (
        <li className="inline-flex items-center gap-1 rounded-pill bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-strong">
          <Clock aria-hidden="true" className="size-3.5" />
          {t('marketplace.interest.pending')}
        </li>
      ) : null}
    </ul>
  );
}
