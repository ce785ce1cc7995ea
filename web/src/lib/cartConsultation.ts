/**
 * Opens the cart consultation flow (03§2, 03§4) from the cart drawer: the app's host
 * (app/layout) renders the flow of features/consultations with the course of
 * features/prep-course, so no feature imports another.
 */
export interface CartConsultationItem {
  /** The cart line. */
  id: string;
  service_id: string;
  title: string;
  vendor: string;
  /** The line's live booking, when the flow already booked it. */
  booking_id?: string;
  /** A lead captured on the vendor's own calendar: no preparation course. */
  external?: boolean;
}

type Listener = (items: CartConsultationItem[]) => void;
const listeners = new Set<Listener>();

export function openCartConsultation(items: CartConsultationItem[]): void {
  for (const l of listeners) l(items);
}

export function onCartConsultation(l: Listener): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
