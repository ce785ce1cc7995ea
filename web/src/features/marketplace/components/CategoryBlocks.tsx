import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '../../../components/ui/cn';
import type { MarketplaceData } from '../api/types';
import { CATEGORY_BLOCKS } from '../model/categories';

/** The address that points at the blocks: the advice landing's Marketplace topic (03§2) opens it. */
export const CATEGORY_BLOCKS_HASH = '#category-blocks';

/** How long the blocks pulse when the Marketplace topic points at them (03§2: 1.5 s). */
export const BLOCKS_PULSE_MS = 1500;

/**
 * Arriving at /marketplace#category-blocks (the advice landing's Marketplace topic, 03§2):
 * scrolls to the blocks, pulses them for 1.5 s, then scrolls to the services grid and drops the
 * hash (a reload does not pulse again). Without motion the scroll jumps and nothing pulses.
 */
function useArrivalPulse(ref: RefObject<HTMLElement | null>): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const { hash, pathname, search } = location;
  // The blocks pulse while the address points at them; the timer below takes the hash away.
  const pulsing = hash === CATEGORY_BLOCKS_HASH;
  useEffect(() => {
    if (!pulsing) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const behavior: ScrollBehavior = still ? 'auto' : 'smooth';
    ref.current?.scrollIntoView?.({ behavior, block: 'start' });
    const id = window.setTimeout(() => {
      document.getElementById('services-heading')?.closest('section, [role="tabpanel"]')?.scrollIntoView?.({ behavior, block: 'start' });
      void navigate({ pathname, search }, { replace: true, preventScrollReset: true });
    }, BLOCKS_PULSE_MS);
    return () => window.clearTimeout(id);
  }, [pulsing, pathname, search, navigate, ref]);
  return pulsing;
}

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
  const sectionRef = useRef<HTMLElement>(null);
  const pulsing = useArrivalPulse(sectionRef);
  const counts = new Map((data?.category_blocks ?? []).map((b) => [b.tag, b.count]));
  const showCounts = Boolean(data && !data.partial);
  return (
    <section
      ref={sectionRef}
      aria-labelledby="category-blocks-title"
      id="category-blocks"
      data-pulsing={pulsing || undefined}
      className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 pt-4 md:pt-8"
    >
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
                        pulsing && 'border-primary ring-2 ring-primary/40 motion-safe:animate-pulse',
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
