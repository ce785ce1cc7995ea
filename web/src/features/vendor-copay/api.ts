import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';

export type IncomingAnswer = ResponseBody<'/api/vendor/copay-requests', 'get'>;
export type IncomingRequest = NonNullable<IncomingAnswer['requests']>[number];
export type OwnedVendor = NonNullable<IncomingAnswer['vendors']>[number];
export type AuditPack = ResponseBody<'/api/vendors/{id}/copay-audit/{agent_id}', 'get'>;
export type AuditAgent = NonNullable<ResponseBody<'/api/vendors/{id}/copay-audit', 'get'>['agents']>[number];

export const STATUSES = ['pending', 'approved', 'declined', 'expired', 'canceled', 'used'] as const;
export type Status = (typeof STATUSES)[number];

/** The requests to every vendor the caller owns, optionally of one status (F-PAY-05). */
export function incomingQuery(status: Status | '') {
  return queryOptions({
    queryKey: ['vendor-copay', 'incoming', status] as const,
    staleTime: 15 * 1000,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/vendor/copay-requests', { params: { query: status ? { status } : {} }, signal })),
  });
}

export function auditAgentsQuery(vendorId: string) {
  return queryOptions({
    queryKey: ['vendor-copay', 'audit-agents', vendorId] as const,
    enabled: vendorId !== '',
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendors/{id}/copay-audit', { params: { path: { id: vendorId } }, signal })),
  });
}

export function auditPackQuery(vendorId: string, agentId: string) {
  return queryOptions({
    queryKey: ['vendor-copay', 'audit', vendorId, agentId] as const,
    enabled: vendorId !== '' && agentId !== '',
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/vendors/{id}/copay-audit/{agent_id}', { params: { path: { id: vendorId, agent_id: agentId } }, signal })),
  });
}

/** The CSV download's address (a plain link: the browser saves the file). */
export function auditCsvHref(vendorId: string, agentId: string): string {
  return `/api/vendors/${encodeURIComponent(vendorId)}/copay-audit/${encodeURIComponent(agentId)}/csv`;
}

export type DecisionInput = { id: string; approve: true; split: number; note: string } | { id: string; approve: false; note: string };

/** Approve or decline; the lists and audit packs refresh after. */
export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: DecisionInput) =>
      d.approve
        ? unwrap(
            api.POST('/api/vendor/copay-requests/{id}/approve', {
              params: { path: { id: d.id } },
              body: { split_percentage: d.split, note: d.note },
            }),
          )
        : unwrap(api.POST('/api/vendor/copay-requests/{id}/decline', { params: { path: { id: d.id } }, body: { note: d.note } })),
    onSettled: () => qc.invalidateQueries({ queryKey: ['vendor-copay'] }),
  });
}

/**
 * How long the Approve toast offers Undo: inside the server's undo window (copay.UndoWindow, 10 s;
 * the approval's undo_until), so a click on Undo reaches the server before the window closes.
 */
export const UNDO_TOAST_MS = 8000;

/** Take back an approval within its undo window (issue 28 item 12); the lists refresh after. */
export function useUndoApproval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/vendor/copay-requests/{id}/undo', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: ['vendor-copay'] }),
  });
}

/** The vendor's share of a split: base x split / 100 rounded down to the cent (the server's rule). */
export function sharesOf(baseCents: number, split: number): { vendor: number; agent: number } {
  const vendor = Math.floor((baseCents * split) / 100);
  return { vendor, agent: baseCents - vendor };
}
