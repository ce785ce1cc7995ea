/** Card badges (02§9): priorities Featured 1, Top Pick 2, Trending 4, Bestseller 5, 24/7 6, Instant 7. */
export const BADGE_PRIORITY = {
  featured: 1,
  top_pick: 2,
  trending: 4,
  bestseller: 5,
  support_24_7: 6,
  instant: 7,
} as const;

export type BadgeId = keyof typeof BADGE_PRIORITY;

/** At most 2 badges on compact cards, 3 otherwise (02§9). */
export const MAX_BADGES_COMPACT = 2;
export const MAX_BADGES_DEFAULT = 3;

export function isBadgeId(v: string): v is BadgeId {
  return Object.hasOwn(BADGE_PRIORITY, v);
}

/** Known badges in priority order (unknown ids dropped, duplicates removed). */
export function orderBadges(badges: readonly string[] | null | undefined): BadgeId[] {
  const known = [...new Set(badges ?? [])].filter(isBadgeId);
  return known.sort((a, b) => BADGE_PRIORITY[a] - BADGE_PRIORITY[b]);
}

/** The badges a card shows: by priority, cut to the card's limit (Infinity shows all). */
export function visibleBadges(
  badges: readonly string[] | null | undefined,
  variant: 'compact' | 'default' | 'full',
): BadgeId[] {
  const limit = variant === 'compact' ? MAX_BADGES_COMPACT : variant === 'default' ? MAX_BADGES_DEFAULT : Infinity;
  return orderBadges(badges).slice(0, limit);
}
