import { useLayoutEffect, type RefObject } from 'react';

/**
 * How far the toasts are lifted from the bottom of the window: the distance from the window's
 * bottom edge to the top of the open drawer's or sheet's footer of actions (0 or unset: none).
 *
 * Why a custom property on the document element and not a React context: the Toaster and the
 * drawers are rendered in separate body children (portals) by separate parts of the app, and a
 * context would need a provider around both in the app shell. The property is inherited by the
 * toasts' fixed viewport, which only reads it in CSS (Toaster.tsx): no re-render, no store.
 */
export const TOAST_LIFT_VAR = '--toast-lift';

/**
 * Publishes el's position as the toasts' lift while it is mounted, kept in sync with its size (a
 * ResizeObserver) and the window's; back to what it was when it unmounts. A footer under another
 * dialog (inside an inert subtree) leaves the value to the one on top; nested footers restore
 * their predecessor's value when they go, as dialogs close in the reverse order they opened.
 */
export function useToastLift(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const before = root.style.getPropertyValue(TOAST_LIFT_VAR);
    let mine: string | null = null;
    const measure = () => {
      // Not yet in the document (a dialog appends its host after its children's effects) or
      // under a dialog opened on top: nothing to avoid.
      if (!el.isConnected || el.closest('[inert]')) return;
      const lift = Math.max(0, Math.round(window.innerHeight - el.getBoundingClientRect().top));
      mine = `${lift}px`;
      root.style.setProperty(TOAST_LIFT_VAR, mine);
    };
    measure();
    // Also once the first frame has laid out (a dialog's host is in the document by then); a
    // ResizeObserver reports its first size about then too.
    const frame = requestAnimationFrame(measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      if (mine !== null && root.style.getPropertyValue(TOAST_LIFT_VAR) === mine) {
        if (before) root.style.setProperty(TOAST_LIFT_VAR, before);
        else root.style.removeProperty(TOAST_LIFT_VAR);
      }
    };
  }, [ref]);
}
