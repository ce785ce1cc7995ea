import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts, type ToastVariant } from '../../lib/toast';
import { cn } from './cn';
import { STAYS_LIVE_ATTR } from './Modal';
import { CloseButton } from './CloseButton';

const tone: Record<ToastVariant, string> = {
  default: 'border-border bg-surface text-fg',
  success: 'border-savings/40 bg-savings-soft text-savings-strong',
  error: 'border-danger/40 bg-danger-soft text-danger-strong',
};

/**
 * Renders the one visible toast in a polite live region, bottom right. It lives in a body child
 * of its own that dialogs leave live and sits above them, so a toast raised from a dialog (e.g.
 * a visitor's Sign in / Create account) can be read and used. While a drawer or sheet shows a
 * footer of actions (ModalFooter) it sits 8 px above that footer, not over its buttons: the
 * footer publishes its top as the custom property TOAST_LIFT_VAR (toastLift.ts); the viewport is
 * fixed, so moving it shifts nothing on the page, and it glides only without reduced motion.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.setAttribute(STAYS_LIVE_ATTR, '');
    return el;
  });
  useLayoutEffect(() => {
    document.body.appendChild(host);
    return () => host.remove();
  }, [host]);
  return createPortal(
    <section
      aria-label={t('common.toast.region')}
      data-toast-viewport=""
      className={cn(
        'pointer-events-none fixed right-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2',
        // var(--toast-lift) is TOAST_LIFT_VAR, spelled out for Tailwind's class scanner.
        'bottom-[max(1rem,calc(var(--toast-lift,0px)_+_0.5rem))]',
        'motion-safe:transition-[bottom] motion-safe:duration-200 motion-safe:ease-out',
      )}
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((item) => (
          <div
            key={item.id}
            data-state={item.open ? 'open' : 'closed'}
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-card border p-4 shadow-raised transition-opacity duration-300',
              'data-[state=closed]:opacity-0',
              tone[item.variant ?? 'default'],
            )}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm font-semibold">{item.title}</p>
              {item.description ? <p className="text-sm">{item.description}</p> : null}
              {item.action || item.actions?.length ? (
                <div className="mt-1 flex flex-wrap gap-2">
                  {[...(item.action ? [item.action] : []), ...(item.actions ?? [])].map((a) => (
                    <button
                      key={a.label}
                      type="button"
                      onClick={() => {
                        a.onClick();
                        dismissToast(item.id);
                      }}
                      className="rounded-control border border-current px-3 py-1 text-sm font-medium"
                    >
                      {a.label}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <CloseButton label={t('common.toast.close')} onClick={() => dismissToast(item.id)} className="rounded-control p-1 hover:bg-surface-sunken" />
          </div>
        ))}
      </div>
    </section>,
    host,
  );
}
