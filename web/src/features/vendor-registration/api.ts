import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type Options = ResponseBody<'/api/vendor-applications/options', 'get'>;
export type BusinessType = NonNullable<Options['business_types']>[number];
export type Application = NonNullable<ResponseBody<'/api/vendor-applications/mine', 'get'>['application']>;

/** The form's choices: business types (SSP, licence, NMLS), categories, states (F-AREA-01). */
export const optionsQuery = queryOptions({
  queryKey: ['vendor-registration', 'options'] as const,
  staleTime: 60 * 60 * 1000,
  queryFn: ({ signal }) => unwrap(api.GET('/api/vendor-applications/options', { signal })),
});

export function mineQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['vendor-registration', 'mine'] as const,
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor-applications/mine', { signal })),
  });
}

export interface ApplicationBody {
  type: 'service_provider' | 'co_marketing';
  company_name: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  business_type: string;
  categories: string[];
  service_states: string[];
  license_number?: string;
  nmls_id?: string;
  settlement_provider: boolean;
  website_url?: string;
  /** The address of the logo the applicant uploaded (their own file: the vendor does not exist yet). */
  logo_url?: string;
  invite?: string;
}

/** Submit the application; the caller's application refreshes after. */
export function useSubmitApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationBody) => unwrap(api.POST('/api/vendor-applications', { body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['vendor-registration', 'mine'] }),
  });
}

/** E-mail a new verification link. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => unwrap(api.POST('/api/vendor-applications/mine/resend')) });
}

/** Confirm the company address with the e-mailed token. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => unwrap(api.POST('/api/vendor-applications/verify', { body: { token } })) });
}
