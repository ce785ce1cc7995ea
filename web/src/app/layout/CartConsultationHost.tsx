import { lazy, Suspense, useEffect, useState } from 'react';
import { openCart } from '../../lib/cart';
import { onCartConsultation, type CartConsultationItem } from '../../lib/cartConsultation';

const CartConsultationFlow = lazy(() => import('../../features/consultations/CartConsultationFlow').then((m) => ({ default: m.CartConsultationFlow })));
const PrepCoursePanel = lazy(() => import('../../features/prep-course/PrepCoursePage').then((m) => ({ default: m.PrepCoursePanel })));

/**
 * Renders the cart consultation flow when the cart asks (lib/cartConsultation): the booking steps
 * of features/consultations with the preparation course of features/prep-course. Finish clears
 * the flow and opens the cart again, where the booked items can be checked out.
 */
export function CartConsultationHost() {
  const [items, setItems] = useState<CartConsultationItem[] | null>(null);
  useEffect(() => onCartConsultation(setItems), []);
  if (!items) return null;
  return (
    <Suspense fallback={null}>
      <CartConsultationFlow
        items={items}
        onClose={() => setItems(null)}
        onFinish={() => {
          setItems(null);
          openCart();
        }}
        renderCourse={(bookingId, next) => <PrepCoursePanel consultationId={bookingId} onContinueLater={next} />}
      />
    </Suspense>
  );
}
