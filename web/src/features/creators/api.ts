import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { SEND_ONCE, useSendOnce } from '../../lib/queryClient';

export type CreatorApplication = components['schemas']['CreatorApplication'];
export type CreatorApplicationInput = components['schemas']['CreatorApplicationInput'];
export type CreatorContent = components['schemas']['CreatorContent'];
export type CreatorContentInput = components['schemas']['CreatorContentInput'];
export type CreatorDashboard = components['schemas']['CreatorDashboard'];
export type CreatorPayout = components['schemas']['CreatorPayout'];
export type CreatorTestBankInput = components['schemas']['CreatorTestBankInput'];
export type ReferralDay = components['schemas']['AffiliateDay'];

/** The creators feature's one query-key factory. */
export const creatorKeys = {
  all: ['creators'] as const,
  mine: () => [...creatorKeys.all, 'mine'] as const,
  dashboard: () => [...creatorKeys.all, 'dashboard'] as const,
  payouts: () => [...creatorKeys.all, 'payouts'] as const,
};

/** GET /api/creator/application (get-my-creator-application): the member's application, if any. */
export function myApplicationQuery() {
  return queryOptions({
    queryKey: creatorKeys.mine(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/creator/application', { signal })),
  });
}

/** GET /api/creator/dashboard (get-creator-dashboard). */
export function dashboardQuery(enabled: boolean) {
  return queryOptions({
    queryKey: creatorKeys.dashboard(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/creator/dashboard', { signal })),
    enabled,
  });
}

/** GET /api/creator/payouts (get-creator-payouts). */
export function payoutsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: creatorKeys.payouts(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/creator/payouts', { signal })),
    enabled,
  });
}

/** POST /api/creator/applications (apply-creator). */
export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: CreatorApplicationInput) => unwrap(api.POST('/api/creator/applications', { body })),
    onSuccess: (a) => qc.setQueryData(creatorKeys.mine(), { application: a }),
  });
}

/** POST /api/creator/content (add-creator-content). */
export function useAddContent() {
  return useSendOnce((body: CreatorContentInput) => unwrap(api.POST('/api/creator/content', { body })), creatorKeys.dashboard());
}

/** DELETE /api/creator/content/{id} (delete-creator-content). */
export function useDeleteContent() {
  return useSendOnce((id: string) => unwrap(api.DELETE('/api/creator/content/{id}', { params: { path: { id } } })), creatorKeys.dashboard());
}

/** POST /api/creator/payouts/onboarding-link (create-creator-payout-link): Stripe's hosted onboarding. */
export function usePayoutLink() {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () => unwrap(api.POST('/api/creator/payouts/onboarding-link')),
  });
}

/** POST /api/creator/payouts/refresh (refresh-creator-payouts): after Stripe sends the creator back. */
export function useRefreshPayouts() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () => unwrap(api.POST('/api/creator/payouts/refresh')),
    onSuccess: (p) => {
      qc.setQueryData(creatorKeys.payouts(), p);
      void qc.invalidateQueries({ queryKey: creatorKeys.dashboard() });
    },
  });
}

/** POST /api/creator/payouts/test-bank (set-creator-test-bank): the test-mode form. */
export function useTestBank() {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (body: CreatorTestBankInput) => unwrap(api.POST('/api/creator/payouts/test-bank', { body })),
    onSuccess: (p) => {
      qc.setQueryData(creatorKeys.payouts(), p);
      void qc.invalidateQueries({ queryKey: creatorKeys.dashboard() });
    },
  });
}
