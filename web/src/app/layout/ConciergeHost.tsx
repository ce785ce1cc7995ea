import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conciergeOpen } from '../../lib/concierge';
import { ErrorBoundary } from '../ErrorBoundary';

const ConciergeModal = lazy(() => import('../../features/concierge/ConciergeModal'));

/**
 * Renders the Circle Agent Concierge when a screen or the user menu asks (lib/concierge). Each
 * opening starts expanded and fresh (03§4): the key changes with every request.
 */
export function ConciergeHost() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<{ key: number; message?: string } | null>(null);
  useEffect(() => conciergeOpen.on((d) => setRequest((r) => ({ key: (r?.key ?? 0) + 1, ...(d?.message ? { message: d.message } : {}) }))), []);
  if (!request) return null;
  // The concierge failing (its code could not be downloaded) says so in its own panel; the page
  // around it goes on working.
  return (
    <ErrorBoundary section={t('common.sections.concierge')} resetKey={String(request.key)}>
      <Suspense fallback={null}>
        <ConciergeModal key={request.key} {...(request.message ? { initialMessage: request.message } : {})} onClose={() => setRequest(null)} />
      </Suspense>
    </ErrorBoundary>
  );
}
