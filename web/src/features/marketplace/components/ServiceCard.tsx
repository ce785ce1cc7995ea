import { BadgeCheck } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Bone, SkeletonHead } from '../../../components/ui/Skeleton';
import { cn } from '../../../components/ui/cn';
import { useMarketplaceActions } from '../actions';
import type { ServiceCard as Card } from '../api/types';
import { localized } from '../../../lib/localize';
import { truncate } from '../../../lib/share';
import { Avatar } from '../../../components/catalog/Avatar';
import { BadgeList } from '../../../components/catalog/BadgeList';
import { DiscountInterest, useInterest } from './DiscountInterest';
import { PriceBlock } from './PriceBlock';
import { SaveButton } from '../../../components/catalog/SaveButton';
import { ServiceImage } from '../../../components/catalog/ServiceImage';
import { ShareMenu } from './ShareMenu';
import { Stars } from '../../../components/catalog/Stars';

/** Descriptions longer than this get "See more" (02§2). */
export const DESCRIPTION_PREVIEW_CHARS = 100;

/**
 * The service card of 02§2: avatar, title in the viewer's language, expandable description,
 * image, badges, price block, rating, learn more, add to cart, share and the save heart; the
 * discount vote on services that are not verified. Memoized: a page holds up to 50, and the
 * grid's second pass or a parent's unrelated update need not render the first ones again.
 */
export const ServiceCard = memo(ServiceCardView);

function ServiceCardView({
  card,
  compact = false,
  placement = 'grid',
  headingLevel = 3,
  priority = false,
  showSortPrice = false,
}: {
  card: Card;
  compact?: boolean;
  placement?: 'grid' | 'top_deals';
  headingLevel?: 3 | 4;
  /** One of the first cards in view: its picture loads at once (the page's largest paint). */
  priority?: boolean;
  /** A price sort is active: the card says the number it was sorted by (issue 28 item 6). */
  showSortPrice?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { money, openService, prefetchService, addToCart, viewer } = useMarketplaceActions();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const descId = useId();
  const title = localized(i18n.language, card.title, card.title_es, card.title_fr);
  const description = localized(i18n.language, card.description, card.description_es, card.description_fr);
  const long = [...description].length > DESCRIPTION_PREVIEW_CHARS;
  const interest = useInterest(card.id, false);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const logo = card.vendor?.logo_url || card.profile_image_url;

  return (
    <article
      aria-labelledby={titleId}
      data-service-id={card.id}
      className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card"
    >
      <div className={cn('relative bg-surface-sunken', compact ? 'aspect-[2/1]' : 'aspect-[16/9]')}>
        <ServiceImage
          src={card.image_url}
          alt={t('marketplace.card.imageAlt', { title })}
          seed={card.id}
          lobbyCategory={card.lobby_category}
          category={card.category}
          priority={priority}
        />
        <div className="absolute top-3 right-3">
          <SaveButton card={card} title={title} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <Avatar src={logo} name={card.vendor?.name || title} />
          <div className="min-w-0 flex-1">
            <Heading id={titleId} title={title} className="line-clamp-2 text-base leading-snug font-semibold break-words text-fg">
              {title}
            </Heading>
            <p className="flex min-w-0 items-center gap-1 text-sm text-fg-muted">
              <span className="truncate">{card.vendor?.name || t('marketplace.card.unknownVendor')}</span>
              {card.is_verified ? (
                <BadgeCheck aria-label={t('marketplace.card.verified')} role="img" className="size-4 shrink-0 text-primary" />
              ) : null}
            </p>
          </div>
        </div>
        <BadgeList
          badges={card.badges}
          variant={compact ? 'compact' : 'default'}
          sponsored={card.is_sponsored}
          discountPending={!card.is_verified && interest.interested}
        />
        {!compact ? (
          <div className="text-sm text-fg-muted">
            <p id={descId}>{long && !expanded ? truncate(description, DESCRIPTION_PREVIEW_CHARS) : description}</p>
            {long ? (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={descId}
                onClick={() => setExpanded((e) => !e)}
                className="tap-target relative mt-1 rounded-control text-sm font-medium text-primary hover:underline"
              >
                {expanded ? t('marketplace.card.seeLess') : t('marketplace.card.seeMore')}
              </button>
            ) : null}
          </div>
        ) : null}
        <Stars rating={card.rating.average_rating} reviews={card.rating.total_reviews} />
        <div className="mt-auto flex flex-col gap-3">
          <div className="flex items-end justify-between gap-2">
            <PriceBlock card={card} money={money} isPro={viewer.isPro} showSortPrice={showSortPrice} />
            <ShareMenu
              serviceId={card.id}
              title={title}
              shareTitle={card.title}
              description={description}
              userId={viewer.profile?.user_id}
            />
          </div>
          {!card.is_verified && !compact ? <DiscountInterest serviceId={card.id} /> : null}
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              className="h-auto min-h-11 px-2 py-1.5 leading-tight"
              onClick={() => openService(card, placement)}
              onPointerEnter={() => prefetchService(card)}
              onFocus={() => prefetchService(card)}
              aria-label={t('marketplace.card.learnMoreAbout', { title })}
            >
              {t('marketplace.card.learnMore')}
            </Button>
            <Button
              className="h-auto min-h-11 px-2 py-1.5 leading-tight"
              onClick={() => addToCart(card)}
              disabled={viewer.status === 'loading'}
              aria-label={t('marketplace.card.addToCartNamed', { title })}
            >
              {t('marketplace.card.addToCart')}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while services load (design.md: skeletons, not spinners). */
export function ServiceCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card">
      <Bone className="aspect-[16/9]" />
      <div className="flex flex-col gap-3 p-4">
        <SkeletonHead picture="size-10 rounded-pill" lines={['h-4 w-3/4 rounded-control', 'h-3 w-1/2 rounded-control']} />
        <Bone className="h-3 w-full rounded-control" />
        <Bone className="h-3 w-5/6 rounded-control" />
        <Bone className="h-6 w-1/3 rounded-control" />
        <Bone className="h-11 w-full rounded-control" />
      </div>
    </div>
  );
}
