import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Clock, ExternalLink, ShieldAlert, ShoppingCart, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../lib/toast';
import { serviceQueryKey, useMarketplaceActions } from '../actions';
import { findService } from '../api/find-service';
import { ratingQuery } from '../api/ratings';
import { recordView } from '../api/tracking';
import type { ServiceCard } from '../api/types';
import { blockKey } from '../model/categories';
import { localized } from '../model/localize';
import { modalGuard } from '../model/modalGuard';
import { Avatar } from './Avatar';
import { BadgeList } from './BadgeList';
import { DiscountInterest, useInterest } from './DiscountInterest';
import { PriceBlock } from './PriceBlock';
import { SaveButton } from './SaveButton';
import { ServiceImage } from './ServiceImage';
import { ShareMenu } from './ShareMenu';
import { Stars } from './Stars';

/**
 * The service details opened from a card or a shared link (?service={id}): the card's data in
 * full, with the view recorded. The funnel page of the detail issue replaces it.
 */
export default function ServiceDetailDialog({ serviceId, onClose }: { serviceId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const query = useQuery({
    queryKey: serviceQueryKey(serviceId),
    queryFn: ({ signal }) => findService(serviceId, queryClient, signal),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });

  useEffect(() => {
    modalGuard.opened();
    return () => modalGuard.closed();
  }, []);

  const found = query.data ?? null;
  useEffect(() => {
    if (found) recordView(found.id);
  }, [found]);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[90vh] max-w-3xl! overflow-y-auto p-0!">
      {found ? (
        <Details card={found} titleId={titleId} onClose={onClose} />
      ) : (
        <div className="flex flex-col items-center gap-4 p-8 text-center">
          <h2 id={titleId} className="text-xl font-semibold text-fg">
            {query.isPending
              ? t('marketplace.detail.loading')
              : query.isError
                ? t('marketplace.detail.error')
                : t('marketplace.detail.notFound')}
          </h2>
          {query.isPending ? (
            <Spinner />
          ) : (
            <p className="text-sm text-fg-muted">{query.isError ? t('marketplace.detail.errorBody') : t('marketplace.detail.notFoundBody')}</p>
          )}
          <div className="flex gap-2">
            {query.isError ? <Button onClick={() => void query.refetch()}>{t('marketplace.detail.retry')}</Button> : null}
            <Button variant="secondary" onClick={onClose}>
              {t('marketplace.detail.close')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function Details({ card, titleId, onClose }: { card: ServiceCard; titleId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { money, addToCart, viewer } = useMarketplaceActions();
  const title = localized(i18n.language, card.title, card.title_es, card.title_fr);
  const description = localized(i18n.language, card.description, card.description_es, card.description_fr);
  const rating = useQuery({ ...ratingQuery(card.id), placeholderData: card.rating });
  const interest = useInterest(card.id, false);
  const website = card.vendor.website_url;

  useEffect(() => {
    if (rating.isError) {
      toast({ title: t('marketplace.rating.errorTitle'), description: t('marketplace.rating.errorBody'), variant: 'error' });
    }
  }, [rating.isError, t]);

  const r = rating.data ?? card.rating;
  const categories = [
    card.category,
    ...(card.tags ?? [])
      .map((tag) => blockKey(tag))
      .filter((k): k is string => Boolean(k))
      .map((k) => t(`marketplace.blocks.names.${k}`)),
  ].filter((v, i, all) => v && all.indexOf(v) === i);

  return (
    <article className="flex flex-col">
      <div className="relative aspect-[21/9] bg-surface-sunken">
        <ServiceImage
          src={card.image_url}
          alt={t('marketplace.card.imageAlt', { title })}
          seed={card.id}
          lobbyCategory={card.lobby_category}
          category={card.category}
        />
        <button
          type="button"
          onClick={onClose}
          aria-label={t('marketplace.detail.close')}
          className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-pill bg-surface/95 text-fg shadow-card hover:bg-surface"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex flex-col gap-5 p-6">
        <header className="flex items-start gap-4">
          <Avatar src={card.vendor.logo_url || card.profile_image_url} name={card.vendor.name || title} className="size-12" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-xl font-bold tracking-tight text-fg">
              {title}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <span>{t('marketplace.detail.by', { vendor: card.vendor.name || t('marketplace.card.unknownVendor') })}</span>
              {card.is_verified ? (
                <span className="inline-flex items-center gap-1 rounded-pill bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-strong">
                  <BadgeCheck aria-hidden="true" className="size-3.5" />
                  {t('marketplace.detail.verified')}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 rounded-pill bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-strong">
                  <ShieldAlert aria-hidden="true" className="size-3.5" />
                  {t('marketplace.detail.notVerified')}
                </span>
              )}
            </p>
          </div>
        </header>

        <BadgeList badges={card.badges} variant="full" sponsored={card.is_sponsored} discountPending={!card.is_verified && interest.interested} />
        <Stars rating={r.average_rating} reviews={r.total_reviews} size="md" />
        <p className="text-base whitespace-pre-line text-fg">{description}</p>

        <div className="grid gap-4 rounded-card border border-border bg-surface-muted p-4 sm:grid-cols-2">
          <PriceBlock card={card} money={money} size="lg" />
          {card.vendor.support_hours ? (
            <div className="flex items-start gap-2 text-sm text-fg-muted">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <div>
                <p className="font-medium text-fg">{t('marketplace.detail.support')}</p>
                <p>{card.vendor.support_hours}</p>
              </div>
            </div>
          ) : null}
        </div>

        {categories.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-fg">{t('marketplace.detail.categories')}</h3>
            <ul className="flex flex-wrap gap-2">
              {categories.map((c) => (
                <li key={c} className="rounded-pill bg-surface-sunken px-3 py-1 text-xs font-medium text-fg">
                  {c}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {!card.is_verified ? (
          <div className="flex flex-col gap-2 rounded-card border border-border p-4">
            <p className="text-sm text-fg-muted">{t('marketplace.interest.explain')}</p>
            <DiscountInterest serviceId={card.id} load />
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          <Button onClick={() => addToCart(card)} disabled={viewer.status === 'loading'}>
            <ShoppingCart aria-hidden="true" className="size-4" />
            {t('marketplace.card.addToCart')}
          </Button>
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              {t('marketplace.detail.website')}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('marketplace.detail.newTab')}</span>
            </a>
          ) : null}
          <SaveButton card={card} title={title} />
          <ShareMenu
            serviceId={card.id}
            title={title}
            shareTitle={card.title}
            description={description}
            userId={viewer.profile?.user_id}
            align="start"
          />
          <Button variant="ghost" onClick={onClose} className="ml-auto">
            {t('marketplace.detail.close')}
          </Button>
        </div>
      </div>
    </article>
  );
}
