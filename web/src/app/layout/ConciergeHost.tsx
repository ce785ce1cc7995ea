import { lazy, Suspense, useEffect, useState } from 'react';
import { conciergeOpen } from '../../lib/concierge';

const ConciergeModal = lazy(() => import('../../features/concierge/ConciergeModal'));

/**
 * Renders the Circle Agent Concierge when a screen or the user menu asks (lib/concierge). Each
 * opening starts expanded and fresh (03§4): the key changes with every request.
 */
export function ConciergeHost() {
  const [request, setRequest] = useState<{ key: number; message?: string } | null>(null);
  useEffect(() => conciergeOpen.on((d) => setRequest((r) => ({ key: (r?.key ?? 0) + 1, ...(d?.message ? { message: d.message } : {}) }))), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ConciergeModal key={request.key} {...(request.message ? { initialMessage: request.message } : {})} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
