import { conciergeOpen } from '../../lib/concierge';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import type { Viewer } from '../../lib/session';
import { openSessionsDialog } from '../../lib/sessionNotices';
import { displayableImage } from '../../features/profile/validation';
import { mediaSize } from '../../lib/media';
import { ICONS } from './menuIcons';
import { useSignOut } from './useSignOut';
import { initialsOf, pointsOf, userMenuEntries } from './userMenu';

/** The avatar: the profile picture or initials; Pro members get the gold ring and PRO badge. */
export function Avatar({ viewer, size = 'md' }: { viewer: Viewer; size?: 'md' | 'lg' }) {
  const p = viewer.profile;
  const [broken, setBroken] = useState<string | null>(null);
  const url = p?.avatar_url && broken !== p.avatar_url && displayableImage(p.avatar_url) ? p.avatar_url : '';
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center rounded-pill bg-primary-soft font-semibold text-primary-strong',
        size === 'md' ? 'size-9 text-sm' : 'size-12 text-base',
        viewer.isPro ? 'ring-2 ring-pro ring-offset-2 ring-offset-surface' : undefined,
      )}
    >
      {url ? (
        <img src={mediaSize(url, 'thumb')} alt="" className="size-full rounded-pill object-cover" onError={() => setBroken(url)} />
      ) : (
        initialsOf(p?.display_name, p?.email)
      )}
    </span>
  );
}

/** The signed-in viewer at the top of the menus: the large avatar, name, e-mail and the PRO badge. */
export function ViewerIdentity({ viewer, className, role }: { viewer: Viewer; className: string; role?: 'none' }) {
  const { t } = useTranslation();
  return (
    <div className={className} role={role}>
      <Avatar viewer={viewer} size="lg" />
      <div className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-semibold text-fg">{viewer.profile?.display_name}</span>
        <span className="truncate text-xs text-fg-muted">{viewer.profile?.email}</span>
        {viewer.isPro ? (
          <span className="mt-1 self-start rounded-pill bg-pro-soft px-2 py-0.5 text-xs font-bold text-pro-strong">
            {t('menu.proBadge')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The signed-in user menu of spec 03§2: a menu button with arrow-key navigation. */
export default function UserMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, signOut: doSignOut } = useSignOut(() => setOpen(false));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const entries = userMenuEntries(viewer);
  const points = pointsOf(viewer);
  const name = viewer.profile?.display_name || viewer.profile?.email || '';

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  function close(focusButton = true) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move = (n: number) => {
      e.preventDefault();
      list[(n + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') setOpen(false);
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.open', { name })}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="flex items-center gap-1 rounded-pill p-0.5 hover:bg-surface-sunken"
      >
        <Avatar viewer={viewer} />
        {viewer.isPro ? (
          <span className="rounded-pill bg-pro-soft px-1.5 py-0.5 text-xs font-bold text-pro-strong max-sm:hidden">
            {t('menu.proBadge')}
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className="size-4 text-fg-muted" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('menu.label')}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-40 mt-2 max-h-[80vh] w-72 overflow-y-auto rounded-card border border-border bg-surface py-2 shadow-raised"
        >
          <ViewerIdentity viewer={viewer} className="flex items-center gap-3 px-4 pt-1 pb-3" role="none" />
          {entries.map((entry, i) => {
            const Icon = ICONS[entry.id];
            const separator = i > 0 && entries[i - 1]?.group !== entry.group;
            const label =
              entry.id === 'points' ? t(entry.labelKey, { points: points.toLocaleString() }) : t(entry.labelKey);
            const className =
              'flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-fg hover:bg-surface-sunken focus:bg-surface-sunken focus:outline-none';
            const content = (
              <>
                <Icon
                  aria-hidden="true"
                  className={cn('size-4 shrink-0', entry.id === 'proMember' ? 'text-pro' : 'text-fg-muted')}
                />
                <span className="truncate">{entry.id === 'signOut' && busy ? t('menu.signingOut') : label}</span>
              </>
            );
            return (
              <div key={entry.id} role="none">
                {separator ? <div role="separator" className="my-1 border-t border-border" /> : null}
                {entry.to ? (
                  <Link role="menuitem" tabIndex={-1} to={entry.to} className={className} onClick={() => close(false)}>
                    {content}
                  </Link>
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={className}
                    disabled={entry.id === 'signOut' && busy}
                    onClick={() => {
                      if (entry.id === 'sessions') {
                        // Focus goes back to the menu button, so the dialog returns it there.
                        close(true);
                        openSessionsDialog();
                      } else if (entry.id === 'aiConcierge') {
                        close(true);
                        conciergeOpen.emit({});
                      } else void doSignOut();
                    }}
                  >
                    {content}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
