import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import { notificationsQuery, useMarkRead } from './api';
import { NotificationList } from './NotificationList';

/**
 * The header's bell: the unread count on the button and, when open, the newest notices in a
 * panel (a disclosure: Escape or a click outside closes it and focus returns to the button).
 */
export function NotificationsBell({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const q = useQuery(notificationsQuery(enabled));
  const mark = useMarkRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const unread = q.data?.unread ?? 0;
  const items = (q.data?.notifications ?? []).slice(0, 8);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  return (
    <div ref={wrap} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        onClick={() => setOpen((o) => !o)}
        className="relative flex size-10 items-center justify-center rounded-control text-fg hover:bg-surface-sunken"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-pill bg-danger px-1 text-[10px] font-bold leading-4 text-white tabular"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.panel')}
          className={cn('absolute right-0 top-12 z-40 w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-card border border-border bg-surface shadow-raised')}
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <h2 className="text-sm font-semibold text-fg">{t('notifications.title')}</h2>
            {unread > 0 ? (
              <button type="button" className="rounded-control px-2 py-1 text-xs font-medium text-primary hover:bg-surface-sunken" onClick={() => mark.mutate(undefined)}>
                {t('notifications.markAll')}
              </button>
            ) : null}
          </div>
          <div className="max-h-96 overflow-y-auto">
            <NotificationList
              items={items}
              onOpen={(n) => {
                if (!n.read_at) mark.mutate(n.id);
                setOpen(false);
              }}
            />
          </div>
          <Link to="/notifications" onClick={() => setOpen(false)} className="block border-t border-border px-4 py-2 text-center text-sm font-medium text-primary hover:bg-surface-sunken">
            {t('notifications.seeAll')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
