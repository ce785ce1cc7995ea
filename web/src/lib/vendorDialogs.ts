/**
 * Opens Invite Your Vendor or Refer Your Vendor from anywhere (the marketplace's vendors view,
 * the service page, the booking's Add My Current Vendor): the app's host (app/layout) renders
 * the dialogs of features/vendor-invite, so no feature imports another.
 */
export type VendorDialogRequest = { kind: 'invite' } | { kind: 'refer'; serviceTitle?: string };

type Listener = (r: VendorDialogRequest) => void;
const listeners = new Set<Listener>();

export function openVendorDialog(request: VendorDialogRequest): void {
  for (const l of listeners) l(request);
}

export function onVendorDialog(l: Listener): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
