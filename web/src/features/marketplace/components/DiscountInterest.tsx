import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api/client';
import { toast } from '../../../lib/toast';
import { useAskToSignIn } from '../../../lib/useAskToSignIn';
import { useMarketplaceActions } from '../actions';
import { interestQuery, useAddInterest, type InterestState } from '../api/interest';

const UNKNOWN: InterestState = { count: null, interested: false };

/** The cached interest of a service (shared by its card and its details). */
export function useInterest(serviceId: string, load: boolean): InterestState {
  const { data } = useQuery({ ...interestQuery(serviceId), enabled: load });
  return data ?? UNKNOWN;
}

/**
 * "I'd use this with a discount" on non-verified services (03§4): applied at once (count + 1),
 * rolled back on failure; a duplicate says "Already interested" and re-reads; signed-out
 * visitors are asked to sign in. load fetches the count (details); cards do not.
 */
export function DiscountInterest({ serviceId, load = false }: { serviceId: string; load?: boolean }) {
  const { t } = useTranslation();
  const { viewer } = useMarketplaceActions();
  const queryClient = useQueryClient();
  const ask = useAskToSignIn();
  const state = useInterest(serviceId, load && viewer.status !== 'loading');
  const addInterest = useAddInterest(serviceId);
  const busy = addInterest.isPending;
  const key = interestQuery(serviceId).queryKey;
  const set = (s: InterestState) => queryClient.setQueryData<InterestState>(key, s);

  async function vote() {
    if (busy || state.interested) return;
    if (viewer.status !== 'signed-in') {
      ask('discount', serviceId, t('marketplace.interest.signIn'), t('marketplace.interest.signInBody'));
      return;
    }
    const before = state;
    set({ count: before.count === null ? null : before.count + 1, interested: true });
    try {
      await addInterest.mutateAsync();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast({ title: t('marketplace.interest.already') });
        try {
          set(await queryClient.fetchQuery({ ...interestQuery(serviceId), staleTime: 0 }));
        } catch {
          set({ count: before.count, interested: true });
        }
      } else if (err instanceof ApiError && err.status === 401) {
        set(before);
        toast({ title: t('marketplace.interest.signIn'), description: t('marketplace.interest.signInBody') });
      } else {
        set(before);
        toast({ title: t('marketplace.interest.error'), description: t('marketplace.interest.errorBody'), variant: 'error' });
      }
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={state.interested}
        disabled={viewer.status === 'loading'}
        aria-busy={busy}
        onClick={() => void vote()}
      >
        <ThumbsUp aria-hidden="true" className="size-4" />
        {state.interested ? t('marketplace.interest.done') : t('marketplace.interest.button')}
      </Button>
      {state.count !== null && state.count > 0 ? (
        <span className="text-xs text-fg-muted">{t('marketplace.interest.count', { count: state.count })}</span>
      ) : null}
    </div>
  );
}
