import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { useToastLift } from './toastLift';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A body child with this attribute is not made inert by a dialog (the toasts' host). */
export const STAYS_LIVE_ATTR = 'data-stays-live';

/**
 * The open dialogs, the last on top. Escape closes the top one only, wherever focus is: a view
 * that replaces the focused control (a success step) leaves focus on the body, and a keydown
 * handler on the panel alone then never sees Escape (issue 28 item 3).
 */
const openDialogs: HTMLElement[] = [];

/**
 * Sets a layer (dialog, sheet) apart while it is open: everything else in the body leaves the
 * accessibility tree and the tab order (inert), and the page behind stops scrolling. The toasts
 * stay live (their host carries STAYS_LIVE_ATTR): they tell what the layer just did, and may ask
 * to sign in. Returns the undo.
 */
export function isolateLayer(host: Element): () => void {
  const madeInert: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el !== host && !el.hasAttribute('inert') && !el.hasAttribute(STAYS_LIVE_ATTR)) {
      el.setAttribute('inert', '');
      madeInert.push(el);
    }
  }
  const overflow = document.body.style.overflow;
  document.body.style.overflow = 'hidden';
  return () => {
    for (const el of madeInert) el.removeAttribute('inert');
    document.body.style.overflow = overflow;
  };
}

/**
 * A modal dialog: rendered over the page, everything else made inert (so focus stays inside),
 * focus moved in on open and returned on close, Escape calls onClose when one is given.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  role = 'dialog',
  className,
  variant = 'dialog',
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** Called on Escape; without it the dialog cannot be dismissed from the keyboard. */
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** sheet: a full-height panel with no margin (the phone's filter sheet); dialog: centred. */
  variant?: 'dialog' | 'sheet';
  children: ReactNode;
}) {
  const [host] = useState(() => document.createElement('div'));
  const panel = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    document.body.appendChild(host);
    openDialogs.push(host);
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || openDialogs[openDialogs.length - 1] !== host || !onCloseRef.current) return;
      e.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const release = isolateLayer(host);
    // Opens at its top (issue 18 item 4): the focus move does not scroll, and the overlay and
    // the panel are set to their top in the first frame, before it paints. Not here as well: a
    // scroll position set now forces the dialog's whole layout inside this commit, which made a
    // long task of it on a phone (a service's page opening its details, issue 33).
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus({ preventScroll: true });
    const toTop = () => {
      if (panel.current) panel.current.scrollTop = 0;
      if (overlay.current) overlay.current.scrollTop = 0;
    };
    const frame = requestAnimationFrame(toTop);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(host), 1);
      release();
      host.remove();
      previouslyFocused?.focus();
    };
  }, [host]);

  return createPortal(
    <div
      ref={overlay}
      // Chromium puts a scrollable element in the Tab order when it scrolls (keyboard-focusable
      // scrollers): a dialog taller than the window made the overlay a Tab stop outside the dialog.
      // Arrow keys still scroll it from any control inside.
      tabIndex={-1}
      className={cn(
        'fixed inset-0 z-50 flex justify-center overflow-y-auto overscroll-contain bg-overlay',
        variant === 'sheet' ? 'items-stretch' : 'items-start p-4 max-md:p-0',
      )}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn(
          'w-full bg-surface shadow-raised',
          // On a phone a dialog is a full-screen sheet that opens at its top (design.md).
          variant === 'sheet' ? 'flex h-full max-w-none flex-col' : 'my-auto max-w-lg rounded-card p-6 max-md:min-h-full max-md:rounded-none',
          className,
        )}
      >
        {children}
      </div>
    </div>,
    host,
  );
}

/**
 * The footer of actions of a drawer or sheet (a Modal): pinned to the bottom of its scrolling
 * panel (sticky), on the panel's surface so the content scrolls under it. While it is shown the
 * toasts sit just above it instead of over its buttons (toastLift.ts). Put it last in the panel.
 * In a panel with padding, cancel that padding (e.g. -mb-6 pb-6 -bottom-6! against p-6: browsers
 * stick it inside the scroller's padding) so it lies flush with the panel's edge and stays in one
 * place whether the content scrolls or not.
 */
export function ModalFooter({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useToastLift(ref);
  return (
    <div ref={ref} data-modal-footer="" className={cn('sticky bottom-0 bg-surface', className)}>
      {children}
    </div>
  );
}
