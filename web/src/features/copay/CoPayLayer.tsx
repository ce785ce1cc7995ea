import { lazy, Suspense, useEffect, useState } from 'react';
import { onCoPayRequest, type CoPayRequestIntent } from '../../lib/copay';

const CoPayPartnerDialog = lazy(() => import('./CoPayPartnerDialog'));

/**
 * The co-pay layer, mounted once in the app shell: a co-pay request of a service (the
 * pricing-choice dialog's Get Vendor Help (Co-Pay), lib/copay.ts) opens the Select Co-Pay
 * Partner dialog.
 */
export function CoPayLayer() {
  const [intent, setIntent] = useState<CoPayRequestIntent | null>(null);
  useEffect(() => onCoPayRequest((d) => setIntent(d)), []);
  if (!intent) return null;
  return (
    <Suspense fallback={null}>
      <CoPayPartnerDialog key={`${intent.serviceId}:${intent.packageId}:${intent.yearly}`} intent={intent} onClose={() => setIntent(null)} />
    </Suspense>
  );
}
