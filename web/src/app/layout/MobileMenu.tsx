import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Viewer } from '../../lib/session';
import { DESKTOP_HEADER_QUERY, useMediaQuery } from '../../lib/useMediaQuery';

// The sheet's code loads on the first open: the header itself stays small.
const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/**
 * The compact header's menu button (below xl, where the desktop navigation, the bell and the
 * user menu do not show): it opens a sheet with every entry of them (issue 18).
 */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The sheet is open on the page it was opened on: any navigation (a link of the sheet,
  // back/forward) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  // A window widened to the desktop bar (a tablet turned, a window resized) closes it: the
  // button that would close it is gone and the bar shows every entry itself.
  const desktop = useMediaQuery(DESKTOP_HEADER_QUERY);
  const open = openOn === location.key && !desktop;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sheetId = useId();
  // What to do once the sheet is gone: the button is inert until the sheet unmounts, so focus
  // can only move back to it after that (this effect runs after the sheet's cleanup).
  const afterClose = useRef<{ focusButton: boolean; then?: () => void } | null>(null);
  useEffect(() => {
    if (open || !afterClose.current) return;
    const { focusButton, then } = afterClose.current;
    afterClose.current = null;
    if (focusButton) buttonRef.current?.focus();
    then?.();
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('common.header.menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? sheetId : undefined}
        onClick={() => setOpen(!open)}
        className="flex size-10 shrink-0 items-center justify-center rounded-control text-fg hover:bg-surface-sunken xl:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            id={sheetId}
            viewer={viewer}
            onClose={(focusButton, then) => {
              afterClose.current = { focusButton, then };
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
