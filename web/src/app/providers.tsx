import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient as defaultClient } from '../lib/queryClient';
import { installSessionRuntime } from '../lib/sessionRuntime';

export function AppProviders({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  // Session recovery, heartbeat, token refresh and client monitoring (spec 01§4).
  useEffect(() => installSessionRuntime(queryClient), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
