/** The support desk's one query-key factory: every desk query key starts here. */
export const deskKeys = {
  all: ['support-desk'] as const,
  tickets: (query: Record<string, unknown>) => [...deskKeys.all, 'tickets', query] as const,
  ticket: (id: string) => [...deskKeys.all, 'ticket', id] as const,
  staff: () => [...deskKeys.all, 'staff'] as const,
  canned: () => [...deskKeys.all, 'canned'] as const,
  feedback: () => [...deskKeys.all, 'concierge-feedback'] as const,
};
