import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SaveActionsContext, type SaveActions } from '../../components/catalog/saveActions';
import { requestPurchase } from '../../lib/purchase';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { takePendingAction } from '../../lib/pendingAction';
import { useAskToSignIn } from '../../lib/useAskToSignIn';
import { savedQueryKey } from '../../lib/saved';
import { savedQuery, useSetSaved } from './api/saved';
import { addInterest, interestQuery, type InterestState } from './api/interest';
import { ApiError } from '../../lib/api/client';
import { detailViewerKey, serviceDetailQuery } from '../../lib/api/service-detail';
import { recordSponsored } from './api/tracking';
import type { ServiceCard } from './api/types';
import { useMoney } from '../../lib/useMoney';
import { modalGuard } from '../../lib/modalGuard';
import { localized } from '../../lib/localize';
import { viewerOffer } from './model/pricing';

export interface MarketplaceActions extends SaveActions {
  money: (cents: number) => string;
  /** Opens the service details (not while another modal is open or closing). */
  openService: (card: ServiceCard, from?: 'grid' | 'top_deals') => void;
  /** Starts reading a service's details before it is opened (Learn more hovered or focused). */
  prefetchService: (card: ServiceCard) => void;
  addToCart: (card: ServiceCard) => void;
}

const Ctx = createContext<MarketplaceActions | null>(null);

export function useMarketplaceActions(): MarketplaceActions {
  const v = useContext(Ctx);
  if (!v) throw new Error('useMarketplaceActions outside MarketplaceActionsProvider');
  return v;
}

export function serviceQueryKey(id: string) {
  return ['marketplace', 'service', id] as const;
}

export function MarketplaceActionsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const money = useMoney();
  const ask = useAskToSignIn();
  const [, setParams] = useSearchParams();
  // setParams changes with every address; the cards' context keeps one openService.
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);
  const queryClient = useQueryClient();
  const signedIn = viewer.status === 'signed-in';
  const { data: savedIds } = useQuery(savedQuery(signedIn));
  // mutateAsync keeps its identity across renders, so toggleSave (in every card's context) does too.
  const { mutateAsync: setSaved } = useSetSaved();

  // The details' one request starts on hover or focus of Learn more, and at the latest with the
  // click, beside the address change and the dialog's render (issue 28 item 15).
  const viewerKey = viewer.status === 'loading' ? null : detailViewerKey(viewer);
  const prefetchService = useCallback(
    (card: ServiceCard) => {
      if (viewerKey) void queryClient.prefetchQuery(serviceDetailQuery(card.id, viewerKey));
    },
    [queryClient, viewerKey],
  );

  const openService = useCallback(
    (card: ServiceCard, from: 'grid' | 'top_deals' = 'grid') => {
      if (!modalGuard.canOpen()) return;
      prefetchService(card);
      if (from === 'top_deals' && card.is_sponsored) recordSponsored(card.id, 'click');
      queryClient.setQueryData(serviceQueryKey(card.id), card);
      setParamsRef.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('service', card.id);
          next.set('view', 'details');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [prefetchService, queryClient],
  );

  // Every Add to Cart goes through the cart layer (lib/purchase.ts, features/cart): the signed-out
  // pending item and sign-up redirect, the pricing-choice dialog, the server cart.
  const addToCart = useCallback(
    (card: ServiceCard) => {
      // The price this viewer saw on the card (the server's offer for this kind of viewer).
      const cents = viewerOffer(card, viewer.isPro).cents ?? 0;
      requestPurchase({
        serviceId: card.id,
        serviceName: localized(i18n.language, card.title, card.title_es, card.title_fr),
        mode: 'add',
        ...(cents > 0 ? { shownPriceCents: cents } : {}),
      });
    },
    [i18n.language, viewer.isPro],
  );

  const isSaved = useCallback((id: string) => (savedIds ?? []).includes(id), [savedIds]);

  const toggleSave = useCallback(
    async (card: ServiceCard) => {
      if (!signedIn) {
        ask('save', card.id, t('marketplace.save.signIn'), t('marketplace.save.signInBody'));
        return;
      }
      const title = localized(i18n.language, card.title, card.title_es, card.title_fr);
      const wasSaved = (queryClient.getQueryData<string[]>(savedQueryKey) ?? []).includes(card.id);
      try {
        await setSaved({ serviceId: card.id, saved: !wasSaved });
        toast({
          title: wasSaved ? t('marketplace.save.removed') : t('marketplace.save.saved'),
          description: wasSaved ? t('marketplace.save.removedBody', { title }) : t('marketplace.save.savedBody', { title }),
          variant: 'success',
        });
      } catch {
        toast({ title: t('marketplace.save.error'), description: t('marketplace.save.errorBody'), variant: 'error' });
      }
    },
    [ask, i18n.language, queryClient, setSaved, signedIn, t],
  );

  // A visitor who tried to save or to show discount interest, then signed in, is back here: do
  // it once (issue 18 item 7). Saving waits for the saved ids so a saved service stays saved.
  useEffect(() => {
    if (!signedIn || savedIds === undefined) return;
    const pending = takePendingAction(['save', 'discount']);
    if (!pending) return;
    if (pending.kind === 'save') {
      if (savedIds.includes(pending.serviceId)) return;
      setSaved({ serviceId: pending.serviceId, saved: true }).then(
        () => toast({ title: t('marketplace.save.saved'), variant: 'success' }),
        () => toast({ title: t('marketplace.save.error'), description: t('marketplace.save.errorBody'), variant: 'error' }),
      );
      return;
    }
    const key = interestQuery(pending.serviceId).queryKey;
    addInterest(pending.serviceId).then(
      (answer) => queryClient.setQueryData<InterestState>(key, { count: answer.count, interested: answer.interested }),
      (err: unknown) => {
        // Already interested (409) is the wanted state; anything else says it failed.
        if (err instanceof ApiError && err.status === 409) {
          queryClient.setQueryData<InterestState>(key, (s) => ({ count: s?.count ?? null, interested: true }));
          return;
        }
        toast({ title: t('marketplace.interest.error'), description: t('marketplace.interest.errorBody'), variant: 'error' });
      },
    );
  }, [signedIn, savedIds, setSaved, queryClient, t]);

  const value = useMemo<MarketplaceActions>(
    () => ({ viewer, money, openService, prefetchService, addToCart, isSaved, toggleSave }),
    [viewer, money, openService, prefetchService, addToCart, isSaved, toggleSave],
  );
  return (
    <Ctx.Provider value={value}>
      <SaveActionsContext.Provider value={value}>{children}</SaveActionsContext.Provider>
    </Ctx.Provider>
  );
}
