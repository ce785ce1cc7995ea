import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import type { MarketplaceData } from '../api/types';
import { CATEGORY_BLOCKS } from '../model/categories';

/**
 * The category blocks (03§2, 03§9): 9 old-school and 16 digital-first, each with its live count;
 * picking one filters the services by its tag (picking it again clears it).
 */
export function CategoryBlocks({
  data,
  activeTag,
  onPick,
}: {
  data: MarketplaceData | undefined;
  activeTag: string;
  onPick: (tag: string) => void;
}) {
  const { t } = useTranslation();
  const counts = new Map((data?.category_blocks ?? []).map((b) => [b.tag, b.count]));
  const showCounts = Boolean(data && !data.partial);
  return (
    <section aria-labelledby="category-blocks-title" id="category-blocks" className="mx-auto w-full max-w-7xl px-4 pt-4 md:pt-8">
      <h2 id="category-blocks-title" className="text-base font-semibold tracking-tight text-fg md:text-xl">
        {t('marketplace.blocks.title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted max-md:sr-only">{t('marketplace.blocks.subtitle')}</p>
      {/* On a phone one horizontal scroller (both groups side by side); wider, a grid (issue 18 item 2). */}
      <div className="-mx-4 mt-2 flex snap-x scroll-px-4 gap-6 overflow-x-auto px-4 pb-2 md:mx-0 md:mt-6 md:grid md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-[1fr_2fr]">
        {(['old-school', 'digital-first'] as const).map((group) => (
          <div key={group} className="flex shrink-0 flex-col gap-2 md:shrink md:gap-3">
            <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase md:text-sm">
              {t(group === 'old-school' ? 'marketplace.blocks.oldSchool' : 'marketplace.blocks.digitalFirst')}
            </h3>
            <ul className={cn('flex gap-2 md:grid', group === 'old-school' ? 'md:grid-cols-3 lg:grid-cols-2' : 'md:grid-cols-3 lg:grid-cols-4')}>
              {CATEGORY_BLOCKS.filter((b) => b.group === group).map((b) => {
                const active = activeTag === b.tag;
                const count = counts.get(b.tag);
                return (
                  <li key={b.tag} className="w-36 shrink-0 snap-start md:w-auto">
                    <button
                      type="button"
                      aria-pressed={active}
                      onClick={() => onPick(active ? '' : b.tag)}
                      className={cn(
                        'flex h-full w-full flex-col items-start gap-0.5 rounded-control border px-3 py-2 text-left transition-colors',
                        active
                          ? 'border-primary bg-primary-soft text-primary-strong'
                          : 'border-border bg-surface text-fg hover:border-primary',
                      )}
                    >
                      <span className="text-sm font-medium">{t(`marketplace.blocks.names.${b.key}`)}</span>
                      {showCounts ? (
                        <span className="text-xs tabular text-fg-muted">{t('marketplace.blocks.count', { count: count ?? 0 })}</span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
