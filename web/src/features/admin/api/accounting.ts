import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../../lib/api/client';
import { useSendOnce } from '../../../lib/queryClient';
import { adminKeys } from './keys';

export type EntryPage = ResponseBody<'/api/admin/accounting/entries', 'get'>;
export type MoneyEntry = NonNullable<EntryPage['entries']>[number];
export type MoneyTotal = NonNullable<ResponseBody<'/api/admin/accounting/totals', 'get'>['totals']>[number];
export type ReconciliationRun = NonNullable<ResponseBody<'/api/admin/accounting/reconciliation', 'get'>['run']>;
export type Mismatch = NonNullable<ReconciliationRun['mismatches']>[number];
export type RefundableOrder = NonNullable<ResponseBody<'/api/admin/accounting/orders', 'get'>['orders']>[number];
export type RefundableDetail = ResponseBody<'/api/admin/accounting/orders/{id}/refundable', 'get'>;
export type EntryKind = NonNullable<MoneyEntry['kind']>;

export const ENTRY_KINDS: EntryKind[] = ['charge', 'refund', 'subscription', 'vendor_charge', 'vendor_refund', 'points_spend', 'points_reversal', 'credit'];

const keys = {
  /** Every accounting read: a refund or a reconciliation run changes them all. */
  all: [...adminKeys.all, 'accounting'] as const,
  entries: (q: Record<string, unknown>) => [...adminKeys.all, 'accounting', 'entries', q] as const,
  totals: (q: Record<string, unknown>) => [...adminKeys.all, 'accounting', 'totals', q] as const,
  reconciliation: () => [...adminKeys.all, 'accounting', 'reconciliation'] as const,
  orders: (q: Record<string, unknown>) => [...adminKeys.all, 'accounting', 'orders', q] as const,
  refundable: (id: string) => [...adminKeys.all, 'accounting', 'refundable', id] as const,
};

export interface EntryFilter {
  kind: string;
  from: string;
  to: string;
  q: string;
}

function entryQuery(f: EntryFilter) {
  return {
    kind: (f.kind || undefined) as EntryKind | undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    q: f.q || undefined,
  };
}

/** GET /api/admin/accounting/entries: one page of the money record. */
export function entriesQuery(f: EntryFilter & { sort: string; dir: 'asc' | 'desc'; page: number; pageSize: number }) {
  const query = { ...entryQuery(f), sort: (f.sort === 'amount' ? 'amount' : 'day') as 'day' | 'amount', dir: f.dir, page: f.page, page_size: f.pageSize };
  return queryOptions({
    queryKey: keys.entries(query),
    queryFn: () => unwrap(api.GET('/api/admin/accounting/entries', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/accounting/totals: totals by day or month, kind and currency. */
export function totalsQuery(f: Omit<EntryFilter, 'q'> & { grain: 'day' | 'month' }) {
  const query = { grain: f.grain, kind: (f.kind || undefined) as EntryKind | undefined, from: f.from || undefined, to: f.to || undefined };
  return queryOptions({
    queryKey: keys.totals(query),
    queryFn: () => unwrap(api.GET('/api/admin/accounting/totals', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/accounting/reconciliation: the latest run (null before the first). */
export function reconciliationQuery() {
  return queryOptions({ queryKey: keys.reconciliation(), queryFn: () => unwrap(api.GET('/api/admin/accounting/reconciliation')) });
}

/** GET /api/admin/accounting/orders: paid and refunded orders for the refunds tab. */
export function refundableOrdersQuery(f: { status: string; q: string; page: number; pageSize: number }) {
  const query = { status: (f.status || undefined) as 'paid' | 'refunded' | undefined, q: f.q || undefined, page: f.page, page_size: f.pageSize };
  return queryOptions({
    queryKey: keys.orders(query),
    queryFn: () => unwrap(api.GET('/api/admin/accounting/orders', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/accounting/reconciliation: run it now (audited). */
export function useRunReconciliation() {
  return useSendOnce(() => unwrap(api.POST('/api/admin/accounting/reconciliation')), keys.all);
}

/** POST /api/admin/accounting/orders/{id}/refund: a full refund with a reason (idempotent). */
export function useRefundOrder() {
  return useSendOnce((v: { id: string; reason: string }) => unwrap(api.POST('/api/admin/accounting/orders/{id}/refund', { params: { path: { id: v.id } }, body: { reason: v.reason } })), keys.all);
}

function csvHref(path: string, query: Record<string, string | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** The money record's CSV download for the filter. */
export function entriesCsvHref(f: EntryFilter): string {
  return csvHref('/api/admin/accounting/entries.csv', entryQuery(f));
}

/** The totals' CSV download. */
export function totalsCsvHref(f: Omit<EntryFilter, 'q'> & { grain: string }): string {
  return csvHref('/api/admin/accounting/totals.csv', { grain: f.grain, kind: f.kind, from: f.from, to: f.to });
}

/** GET /api/admin/accounting/orders/{id}/refundable: what is left to refund, lines and parts. */
export function refundableQuery(id: string) {
  return queryOptions({
    queryKey: keys.refundable(id),
    queryFn: () => unwrap(api.GET('/api/admin/accounting/orders/{id}/refundable', { params: { path: { id } } })),
  });
}

/**
 * POST /api/admin/accounting/orders/{id}/partial-refunds: refund an amount or lines of a paid
 * order. The key is made once per dialog, so a retried submit refunds once.
 */
export function useRefundPart() {
  return useSendOnce(
    (v: { id: string; amountCents?: number; lineIds?: string[]; reason: string; key: string }) =>
      unwrap(
        api.POST('/api/admin/accounting/orders/{id}/partial-refunds', {
          params: { path: { id: v.id } },
          body: { amount_cents: v.amountCents, line_ids: v.lineIds, reason: v.reason, idempotency_key: v.key },
        }),
      ),
    keys.all,
  );
}

/** Dollars typed by the admin ("12.5", "12.50") as integer cents; null when not a positive amount. */
export function parseCents(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
