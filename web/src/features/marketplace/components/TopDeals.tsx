import { ChevronLeft, ChevronRight, Tag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { recordSponsored } from '../api/tracking';
import type { ServiceCard as Card } from '../api/types';
import { prefersReducedMotion } from '../hooks';
import { ServiceCard } from './ServiceCard';

/**
 * Top Deals (03§2, 03§9): the snapshot's top 12 in a carousel with previous / next buttons and
 * arrow keys; no automatic movement; smooth scrolling only without reduced motion. Sponsored
 * deals log an impression when half visible (sponsoredPlacements flag; 02§4).
 */
export function TopDeals({ deals }: { deals: Card[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const frame = requestAnimationFrame(measure);
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure, deals.length]);

  useEffect(() => {
    const el = track.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.sponsoredId;
          if (e.isIntersecting && id) recordSponsored(id, 'impression');
        }
      },
      { root: el, threshold: 0.5 },
    );
    for (const item of el.querySelectorAll('[data-sponsored-id]')) io.observe(item);
    return () => io.disconnect();
  }, [deals]);

  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: dir * Math.max(280, el.clientWidth * 0.8), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  if (deals.length === 0) return null;
  return (
    <section aria-labelledby="top-deals-title" className="mx-auto w-full max-w-7xl px-4 pt-10">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="top-deals-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight text-fg">
            <Tag aria-hidden="true" className="size-5 text-savings" />
            {t('marketplace.topDeals.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{t('marketplace.topDeals.subtitle')}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => scroll(-1)} disabled={edges.start} aria-label={t('marketplace.topDeals.previous')}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => scroll(1)} disabled={edges.end} aria-label={t('marketplace.topDeals.next')}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <ul
        ref={track}
        tabIndex={0}
        aria-label={t('marketplace.topDeals.list')}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'ArrowRight') {
            e.preventDefault();
            scroll(1);
          } else if (e.key === 'ArrowLeft') {
            e.preventDefault();
            scroll(-1);
          }
        }}
        className="mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto rounded-card pb-4"
        data-testid="top-deals"
      >
        {deals.map((card) => (
          <li key={card.id} className="w-72 shrink-0 snap-start" data-sponsored-id={card.is_sponsored ? card.id : undefined}>
            <ServiceCard card={card} compact placement="top_deals" />
          </li>
        ))}
      </ul>
    </section>
  );
}
