import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

export type Integration = components['schemas']['Integration'];

/** GET /api/integrations (list-integrations): this deployment's outside services, no secret values. */
export function integrationsQuery() {
  return queryOptions({
    queryKey: ['integrations'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/integrations', { signal })),
    staleTime: 5 * 60_000,
  });
}
