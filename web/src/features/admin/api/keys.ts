/** The admin feature's one query-key factory: every admin query key starts here. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  search: (q: string) => [...adminKeys.all, 'search', q] as const,
  users: (query: Record<string, unknown>) => [...adminKeys.all, 'users', query] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  audit: (query: Record<string, unknown>) => [...adminKeys.all, 'audit', query] as const,
  applications: (status: string) => [...adminKeys.all, 'applications', status] as const,
  vendors: (query: Record<string, unknown>) => [...adminKeys.all, 'vendors', query] as const,
  vendor: (id: string) => [...adminKeys.all, 'vendor', id] as const,
  reviews: (query: Record<string, unknown>) => [...adminKeys.all, 'reviews', query] as const,
  securityEvents: (query: Record<string, unknown>) => [...adminKeys.all, 'security-events', query] as const,
  securityHourly: () => [...adminKeys.all, 'security-hourly'] as const,
  clientErrors: (query: Record<string, unknown>) => [...adminKeys.all, 'client-errors', query] as const,
  commandCenter: () => [...adminKeys.all, 'command-center'] as const,
  compliance: (query: Record<string, unknown>) => [...adminKeys.all, 'compliance', query] as const,
  coPayDecisions: (query: Record<string, unknown>) => [...adminKeys.all, 'co-pay-decisions', query] as const,
};
