import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import { SEND_ONCE } from '../../lib/queryClient';
import type { components } from '../../lib/api/schema';

export type VendorPaymentMethod = components['schemas']['VendorPaymentMethod'];
export type CardOnFile = components['schemas']['CardOnFile'];

const key = (vendorId: string) => ['vendor-profile', 'payment-method', vendorId] as const;

/** The card on file for a vendor's point charges, and the charges waiting for one (F-PAY-07). */
export function paymentMethodQuery(vendorId: string) {
  return queryOptions({
    queryKey: key(vendorId),
    staleTime: 15 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendors/{id}/payment-method', { params: { path: { id: vendorId } }, signal })),
  });
}

/** Open the payment provider's hosted page that saves a card (the caller then goes there). */
export function useStartCardSetup(vendorId: string) {
  return useMutation({
    ...SEND_ONCE,
    mutationFn: (lang: 'en' | 'es' | 'fr') => unwrap(api.POST('/api/vendors/{id}/payment-method', { params: { path: { id: vendorId } }, body: { lang } })),
  });
}

/** Remove the card on file. */
export function useRemoveCard(vendorId: string) {
  const qc = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn: () => unwrap(api.DELETE('/api/vendors/{id}/payment-method', { params: { path: { id: vendorId } } })),
    onSuccess: (data) => qc.setQueryData(key(vendorId), data),
  });
}
