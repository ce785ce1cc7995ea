import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ResponseBody } from '../../lib/api/client';
import { SEND_ONCE } from '../../lib/queryClient';

export type BookingCalendar = ResponseBody<'/api/consultations/calendar', 'get'>;
export type CalendarDay = NonNullable<BookingCalendar['days']>[number];
export type CalendarSlot = NonNullable<CalendarDay['slots']>[number];
export type Consultation = ResponseBody<'/api/consultations/{id}', 'get'>;
export type Integration = NonNullable<Consultation['integrations']>[number];
export type Availability = ResponseBody<'/api/vendor/consultations/availability', 'get'>;
export type BlockedSlot = NonNullable<Availability['blocked']>[number];
export type FailedIntegration = NonNullable<ResponseBody<'/api/admin/consultations/integrations', 'get'>['integrations']>[number];

const keys = {
  calendar: (serviceId: string) => ['consultations', 'calendar', serviceId] as const,
  mine: ['consultations', 'mine'] as const,
  one: (id: string) => ['consultations', 'one', id] as const,
  vendor: ['consultations', 'vendor'] as const,
  availability: ['consultations', 'availability'] as const,
  failed: ['consultations', 'admin', 'failed'] as const,
};

/** GET /api/consultations/calendar: the next weekdays' slots of a service's vendor. */
export function calendarQuery(serviceId: string) {
  return queryOptions({
    queryKey: keys.calendar(serviceId),
    enabled: serviceId !== '',
    staleTime: 30_000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/consultations/calendar', { params: { query: { service_id: serviceId } }, signal })),
  });
}

/** GET /api/consultations: the caller's consultations and leads. */
export function myConsultationsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: keys.mine,
    enabled,
    queryFn: ({ signal }) => unwrap(api.GET('/api/consultations', { signal })),
  });
}

/** GET /api/consultations/{id}, read again every second while an integration is pending. */
export function consultationQuery(id: string) {
  return queryOptions({
    queryKey: keys.one(id),
    enabled: id !== '',
    queryFn: ({ signal }) => unwrap(api.GET('/api/consultations/{id}', { params: { path: { id } }, signal })),
    refetchInterval: (q) => (q.state.data?.integrations?.some((i) => i.status === 'pending') ? 1000 : false),
  });
}

export function vendorConsultationsQuery() {
  return queryOptions({ queryKey: keys.vendor, queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/consultations', { signal })) });
}

export function availabilityQuery() {
  return queryOptions({
    queryKey: keys.availability,
    queryFn: ({ signal }) => unwrap(api.GET('/api/vendor/consultations/availability', { signal })),
    retry: false,
  });
}

export function failedIntegrationsQuery() {
  return queryOptions({
    queryKey: keys.failed,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/consultations/integrations', { params: { query: { limit: 200 } }, signal })),
  });
}

export interface BookVars {
  service_id: string;
  scheduled_date: string;
  scheduled_time: string;
  client_name: string;
  client_email: string;
  client_phone?: string;
  project_details?: string;
  source?: string;
}

/** Invalidates every consultation query after a change. */
function useConsultationChange<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...SEND_ONCE,
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['consultations'] }),
  });
}

export function useBook() {
  return useConsultationChange((body: BookVars) => unwrap(api.POST('/api/consultations', { body })));
}

export function useCaptureLead() {
  return useConsultationChange((body: Omit<BookVars, 'scheduled_date' | 'scheduled_time'>) => unwrap(api.POST('/api/consultations/leads', { body })));
}

export function useCancel() {
  return useConsultationChange((id: string) => unwrap(api.POST('/api/consultations/{id}/cancel', { params: { path: { id } } })));
}

export function useReschedule() {
  return useConsultationChange(({ id, date, time }: { id: string; date: string; time: string }) =>
    unwrap(api.POST('/api/consultations/{id}/reschedule', { params: { path: { id } }, body: { scheduled_date: date, scheduled_time: time } })),
  );
}

export function useSetTimeZone() {
  return useConsultationChange((time_zone: string) => unwrap(api.PUT('/api/vendor/consultations/time-zone', { body: { time_zone } })));
}

export function useSetBookingWindow() {
  return useConsultationChange((booking_window_weekdays: number) =>
    unwrap(api.PUT('/api/vendor/consultations/booking-window', { body: { booking_window_weekdays } })),
  );
}

export function useBlock() {
  return useConsultationChange((body: { date: string; time?: string; note?: string }) => unwrap(api.POST('/api/vendor/consultations/blocks', { body })));
}

export function useUnblock() {
  return useConsultationChange((id: string) => unwrap(api.DELETE('/api/vendor/consultations/blocks/{id}', { params: { path: { id } } })));
}

export function useRetryIntegration() {
  return useConsultationChange((id: string) =>
    unwrap(api.POST('/api/admin/consultations/integrations/{id}/retry', { params: { path: { id } } })),
  );
}
