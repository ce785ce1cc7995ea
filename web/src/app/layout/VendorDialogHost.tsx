import { lazy, Suspense, useEffect, useState } from 'react';
import { onVendorDialog, type VendorDialogRequest } from '../../lib/vendorDialogs';

const InviteVendorDialog = lazy(() => import('../../features/vendor-invite/InviteVendorDialog'));
const ReferVendorDialog = lazy(() => import('../../features/vendor-invite/ReferVendorDialog'));

/** Renders Invite Your Vendor / Refer Your Vendor when any screen asks (lib/vendorDialogs). */
export function VendorDialogHost() {
  const [request, setRequest] = useState<VendorDialogRequest | null>(null);
  useEffect(() => onVendorDialog(setRequest), []);
  if (!request) return null;
  const close = () => setRequest(null);
  return (
    <Suspense fallback={null}>
      {request.kind === 'invite' ? <InviteVendorDialog onClose={close} /> : <ReferVendorDialog serviceTitle={request.serviceTitle} onClose={close} />}
    </Suspense>
  );
}
