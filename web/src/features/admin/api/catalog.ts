import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TableParams } from '../../../components/table/DataTable';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import type { paths } from '../../../lib/api/schema';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';
import { sortedPageOf } from './paging';

export type ServicePage = ResponseBody<'/api/admin/services', 'get'>;
export type ServiceRow = NonNullable<ServicePage['services']>[number];
export type AdminService = ResponseBody<'/api/admin/services/{id}', 'get'>;
export type TopDeals = ResponseBody<'/api/admin/top-deals', 'get'>;
export type ConfigView = ResponseBody<'/api/admin/config', 'get'>;
export type ConfigEntry = NonNullable<ConfigView['entries']>[number];
type ServiceSort = 'updated_at' | 'created_at' | 'title' | 'retail_price' | 'sort_order';

export type ServiceFilters = { q: string; status: string; flag: string; category: string };

/** GET /api/admin/services: one page, sorted and filtered on the server. */
export function servicesQuery(t: TableParams, f: ServiceFilters) {
  const query = {
    ...sortedPageOf<ServiceSort>(t),
    q: f.q || undefined,
    status: (f.status || undefined) as 'active' | 'inactive' | undefined,
    flag: (f.flag || undefined) as 'featured' | 'sponsored' | 'top_pick' | 'copay' | undefined,
    category: f.category || undefined,
  };
  return queryOptions({
    queryKey: adminKeys.services(query),
    queryFn: () => unwrap(api.GET('/api/admin/services', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/services/{id} */
export function serviceQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.service(id),
    queryFn: () => unwrap(api.GET('/api/admin/services/{id}', { params: { path: { id } } })),
  });
}

export type SaveServiceBody = paths['/api/admin/services/{id}']['put']['requestBody']['content']['application/json'];

/** PUT /api/admin/services/{id}: every screen that shows the catalogue reads it again. */
export function useSaveService() {
  return useSendOnce((v: { id: string; body: SaveServiceBody }) => unwrap(api.PUT('/api/admin/services/{id}', { params: { path: { id: v.id } }, body: v.body })));
}

/** GET /api/admin/top-deals: what the marketplace's Top Deals row shows now. */
export function topDealsQuery() {
  return queryOptions({ queryKey: adminKeys.topDeals(), queryFn: () => unwrap(api.GET('/api/admin/top-deals')) });
}

/** GET /api/admin/marketplace/cache */
export function cacheHealthQuery() {
  return queryOptions({ queryKey: adminKeys.cacheHealth(), queryFn: () => unwrap(api.GET('/api/admin/marketplace/cache')) });
}

/** POST /api/admin/marketplace/rerank */
export function useRerank() {
  return useSendOnce(() => unwrap(api.POST('/api/admin/marketplace/rerank')));
}

/** POST /api/admin/marketplace/cache/refresh */
export function useRefreshCache() {
  return useSendOnce(() => unwrap(api.POST('/api/admin/marketplace/cache/refresh')));
}

/** DELETE /api/admin/marketplace/cache */
export function useClearCache() {
  return useSendOnce(() => unwrap(api.DELETE('/api/admin/marketplace/cache')));
}

/** GET /api/admin/config: every key with its description and latest change. */
export function configQuery() {
  return queryOptions({ queryKey: adminKeys.config(), queryFn: () => unwrap(api.GET('/api/admin/config')) });
}

/** PATCH /api/admin/config: one key; the app's own config is read again too. */
export function useChangeConfig() {
  return useSendOnce((v: { key: string; value: string }) => unwrap(api.PATCH('/api/admin/config', { body: { changes: [v] } })));
}
