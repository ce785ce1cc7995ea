import { conciergeOpen } from '../../lib/concierge';
import { Crown, LogIn, Target } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CloseButton } from '../../components/ui/CloseButton';
import { ButtonLink } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { isolateLayer } from '../../components/ui/Modal';
import { goalsPending } from '../../features/assessments/GoalsButton';
import { useFeatureFlags } from '../../lib/flags';
import type { Viewer } from '../../lib/session';
import { openSessionsDialog } from '../../lib/sessionNotices';
import { primaryNav, upgradeLink, VISITOR_LINKS } from './headerEntries';
import { ICONS } from './menuIcons';
import { useSignOut } from './useSignOut';
import { ViewerIdentity } from './UserMenu';
import { pointsOf, userMenuEntries } from './userMenu';

const rowClass =
  'flex min-h-11 w-full items-center gap-3 rounded-control px-3 py-2 text-left text-base text-fg hover:bg-surface-sunken';

/**
 * The compact header's menu (below xl): a modal sheet from the right with the desktop header's
 * navigation, Goals (hidden from a phone's bar) and, by role, the user menu's entries (the same
 * lists the desktop renders). The page behind is inert,
 * focus moves in on open, Escape or the close button closes it and focus goes back to the
 * menu button; following a link closes it as the page changes.
 */
export default function MobileMenuSheet({
  id,
  viewer,
  onClose,
}: {
  id: string;
  viewer: Viewer;
  /**
   * focusButton: true when focus should return to the menu button (Escape, close, sessions);
   * then: what to do once the sheet is gone and focus is back.
   */
  onClose: (focusButton: boolean, then?: () => void) => void;
}) {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const titleId = useId();
  const [host] = useState(() => document.createElement('div'));
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  const { busy, signOut } = useSignOut(() => onClose(false));

  useLayoutEffect(() => {
    document.body.appendChild(host);
    // Everything but the sheet leaves the accessibility tree and the tab order while it is open, as under a dialog.
    const release = isolateLayer(host);
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      release();
      host.remove();
    };
  }, [host]);

  const points = pointsOf(viewer);
  const upgrade = upgradeLink(viewer);
  const entries = viewer.status === 'signed-in' ? userMenuEntries(viewer) : [];
  const goals = goalsPending(viewer);

  return createPortal(
    <div className="fixed inset-0 z-50">
      <div aria-hidden="true" className="absolute inset-0 bg-overlay" onClick={() => onClose(true)} />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 right-0 flex w-full max-w-sm flex-col overflow-y-auto overscroll-contain bg-surface shadow-raised"
      >
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {t('common.header.menu')}
          </h2>
          <CloseButton label={t('common.header.closeMenu')} onClick={() => onClose(true)} className="flex size-10 items-center justify-center rounded-control text-fg-muted hover:bg-surface-sunken" iconClassName="size-5" />
        </div>

        <nav aria-label={t('common.header.mainNav')} className="border-b border-border p-2">
          <ul className="flex flex-col">
            {primaryNav(flags).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => onClose(false)}
                  className={({ isActive }) => cn(rowClass, 'font-medium', isActive ? 'text-primary' : undefined)}
                >
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {viewer.status === 'signed-in' ? (
          <section aria-label={t('menu.label')} className="p-2">
            <ViewerIdentity viewer={viewer} className="flex items-center gap-3 px-3 pt-2 pb-3" />
            {upgrade ? (
              <ButtonLink to={upgrade.to} variant="secondary" className="mx-3 mb-2 w-[calc(100%-1.5rem)]" onClick={() => onClose(false)}>
                <Crown aria-hidden="true" className="size-4 text-pro" />
                {t(upgrade.labelKey)}
              </ButtonLink>
            ) : null}
            <ul className="flex flex-col">
              {goals ? (
                <li>
                  <Link to="/goals" className={rowClass} onClick={() => onClose(false)}>
                    <Target aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    <span className="truncate">{t('assessments.goals.button')}</span>
                  </Link>
                </li>
              ) : null}
              {entries.map((entry, i) => {
                const Icon = ICONS[entry.id];
                const separator = i > 0 && entries[i - 1]?.group !== entry.group;
                const label =
                  entry.id === 'points' ? t(entry.labelKey, { points: points.toLocaleString() }) : t(entry.labelKey);
                const content = (
                  <>
                    <Icon
                      aria-hidden="true"
                      className={cn('size-5 shrink-0', entry.id === 'proMember' ? 'text-pro' : 'text-fg-muted')}
                    />
                    <span className="truncate">{entry.id === 'signOut' && busy ? t('menu.signingOut') : label}</span>
                  </>
                );
                return (
                  <li key={entry.id} className={separator ? 'mt-1 border-t border-border pt-1' : undefined}>
                    {entry.to ? (
                      <Link to={entry.to} className={rowClass} onClick={() => onClose(false)}>
                        {content}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        className={rowClass}
                        disabled={entry.id === 'signOut' && busy}
                        onClick={() => {
                          if (entry.id === 'sessions') {
                            // Focus goes back to the menu button first, so the dialog returns it there.
                            onClose(true, openSessionsDialog);
                          } else if (entry.id === 'aiConcierge') {
                            onClose(true, () => conciergeOpen.emit({}));
                          } else void signOut();
                        }}
                      >
                        {content}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : viewer.status === 'signed-out' ? (
          <div className="flex flex-col gap-2 p-4">
            <ButtonLink to={VISITOR_LINKS.signIn.to} variant="secondary" onClick={() => onClose(false)}>
              <LogIn aria-hidden="true" className="size-4" />
              {t(VISITOR_LINKS.signIn.labelKey)}
            </ButtonLink>
            <ButtonLink to={VISITOR_LINKS.signUp.to} onClick={() => onClose(false)}>
              {t(VISITOR_LINKS.signUp.labelKey)}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </div>,
    host,
  );
}
