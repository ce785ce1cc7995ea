import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../components/ui/CloseButton';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { OfferPrice } from '../../../components/catalog/OfferPrice';
import { ServiceImage } from '../../../components/catalog/ServiceImage';
import { useViewer } from '../../../lib/session';
import { Stars } from '../../../components/catalog/Stars';
import { localized } from '../../../lib/localize';
import { alsoViewedQuery, serviceCardsQuery } from '../api/cards';
import { clearRecent, getRecent, RECENT_SHOWN, removeRecent, subscribeRecent } from '../model/recent';
import type { Bundle, Card } from '../model/types';
import { Block, Pill } from './bits';
import { categoryName } from '../../../components/catalog/categoryName';

/** True once the element has come near the viewport (below-the-fold data loads then, not on first paint). */
export function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** A compact card that opens a service. */
export function MiniCard({ card, onOpen, money }: { card: Card; onOpen: (id: string) => void; money: (c: number) => string }) {
  const { t, i18n } = useTranslation();
  const title = localized(i18n.language, card.title, card.title_es, card.title_fr);
  const { isPro } = useViewer();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card">
      <div className="relative aspect-video bg-surface-sunken">
        <ServiceImage src={card.image_url} alt="" seed={card.id} lobbyCategory={card.lobby_category} category={card.category} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold text-fg">{title}</h3>
        <p className="text-xs text-fg-muted">{card.vendor?.name || t('detail.unknownVendor')}</p>
        <Stars rating={card.rating.average_rating} reviews={card.rating.total_reviews} />
        <OfferPrice card={card} isPro={isPro} money={money} />
        <button type="button" onClick={() => onOpen(card.id)} className="tap-target relative mt-auto self-start text-sm font-medium text-primary hover:underline">
          {t('detail.suggestions.open', { title })}
        </button>
      </div>
    </article>
  );
}

export function Suggestions({ cards, max, onOpen, money, title }: { cards: readonly Card[]; max: number; onOpen: (id: string) => void; money: (c: number) => string; title?: string }) {
  const { t } = useTranslation();
  const shown = cards.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Block id="suggested" title={title ?? t('detail.suggestions.title')}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="suggestions">
        {shown.map((c) => (
          <li key={c.id}>
            <MiniCard card={c} onOpen={onOpen} money={money} />
          </li>
        ))}
      </ul>
    </Block>
  );
}

export function Bundles({ bundles, max, money, onOpen }: { bundles: readonly Bundle[]; max: number; money: (c: number) => string; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const { isPro } = useViewer();
  const shown = bundles.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Block id="bundles" title={t('detail.bundles.title')}>
      <ul className="grid gap-3 md:grid-cols-2" data-testid="bundles">
        {shown.map((b) => (
          <li key={b.id} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold text-fg">{t(`${b.title_key}.title`, { category: categoryName(t, b.category) })}</h3>
              <Pill tone="savings">{t('detail.bundles.save', { percent: b.discount_percent })}</Pill>
            </div>
            <p className="text-sm text-fg-muted">{t(`${b.title_key}.description`, { category: categoryName(t, b.category) })}</p>
            <ul className="flex flex-col text-sm">
              {(b.services ?? []).map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-3">
                  <button type="button" onClick={() => onOpen(s.id)} className="min-h-11 text-left text-primary hover:underline">
                    {localized(i18n.language, s.title, s.title_es, s.title_fr)}
                  </button>
                  <OfferPrice card={s} isPro={isPro} money={money} />
                </li>
              ))}
            </ul>
            <p className="tabular text-sm">
              <s className="text-fg-muted">{money(b.original_price_cents)}</s>{' '}
              <span className="font-semibold text-fg">{t('detail.bundles.total', { price: money(b.bundle_price_cents) })}</span>
            </p>
          </li>
        ))}
      </ul>
    </Block>
  );
}

/** Recently Viewed (02§2, 02§9): 6 shown, Clear all, remove one, a note for services that are gone. */
export function RecentlyViewed({ currentId, onOpen, money }: { currentId: string; onOpen: (id: string) => void; money: (c: number) => string }) {
  const { t } = useTranslation();
  const entries = useSyncExternalStore(subscribeRecent, getRecent, getRecent);
  const ids = entries.filter((e) => e.serviceId !== currentId).slice(0, RECENT_SHOWN).map((e) => e.serviceId);
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const cards = useQuery({ ...serviceCardsQuery(ids), enabled: near && ids.length > 0, placeholderData: (prev) => prev });
  if (ids.length === 0) return null;
  const byId = new Map((cards.data?.services ?? []).map((c) => [c.id, c]));
  const missing = (cards.data?.missing ?? []).filter((id) => ids.includes(id));
  return (
    <div ref={ref}>
      <Block
        id="recently-viewed"
        title={t('detail.recent.title')}
        action={
          <Button variant="ghost" size="sm" onClick={clearRecent}>
            {t('detail.recent.clearAll')}
          </Button>
        }
      >
        {missing.length > 0 ? <p className="text-sm text-fg-muted">{t('detail.recent.unavailable')}</p> : null}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="recently-viewed">
          {ids
            .map((id) => byId.get(id))
            .filter((c): c is Card => Boolean(c))
            .map((c) => (
              <li key={c.id} className="relative">
                <MiniCard card={c} onOpen={onOpen} money={money} />
                <CloseButton label={t('detail.recent.remove', { title: c.title })} onClick={() => removeRecent(c.id)} className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-pill bg-surface/95 text-fg shadow-card" />
              </li>
            ))}
        </ul>
      </Block>
    </div>
  );
}

export const ALSO_VIEWED_PER_PAGE = 4;

/** Customers Also Viewed carousel (02§2): previous, next, dots; 4 per page. Loads when near the viewport. */
export function AlsoViewed({ serviceId, onOpen, money }: { serviceId: string; onOpen: (id: string) => void; money: (c: number) => string }) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const q = useQuery(alsoViewedQuery(serviceId, near));
  const [page, setPage] = useState(0);
  const cards = q.data?.services ?? [];
  const pages = Math.ceil(cards.length / ALSO_VIEWED_PER_PAGE);
  const current = Math.min(page, Math.max(0, pages - 1));
  return (
    <div ref={ref} className="min-h-px">
      {cards.length > 0 ? (
        <Block id="also-viewed" title={t('detail.alsoViewed.title')}>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" aria-label={t('detail.alsoViewed.previous')} disabled={current === 0} onClick={() => setPage(current - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <ul className="grid flex-1 grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="also-viewed">
              {cards.slice(current * ALSO_VIEWED_PER_PAGE, (current + 1) * ALSO_VIEWED_PER_PAGE).map((c) => (
                <li key={c.id}>
                  <MiniCard card={c} onOpen={onOpen} money={money} />
                </li>
              ))}
            </ul>
            <Button variant="secondary" size="sm" aria-label={t('detail.alsoViewed.next')} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          {pages > 1 ? (
            <div role="group" aria-label={t('detail.alsoViewed.pages')} className="flex justify-center gap-2">
              {Array.from({ length: pages }, (_, i) => (
                <button
                  key={i}
                  type="button"
                  aria-label={t('detail.alsoViewed.page', { n: i + 1, total: pages })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setPage(i)}
                  className="grid size-11 place-items-center rounded-pill"
                >
                  <span aria-hidden="true" className={cn('size-3 rounded-pill', i === current ? 'bg-primary' : 'bg-border-strong')} />
                </button>
              ))}
            </div>
          ) : null}
        </Block>
      ) : null}
    </div>
  );
}
