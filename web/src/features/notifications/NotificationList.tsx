import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn';
import type { NoticeView } from './api';
import { noticeDate, useNoticeText } from './NoticeText';

/** Notices, newest first; unread ones marked for sight and for screen readers. */
export function NotificationList({ items, onOpen }: { items: NoticeView[]; onOpen: (n: NoticeView) => void }) {
  const { t, i18n } = useTranslation();
  const text = useNoticeText();
  if (items.length === 0) {
    return <p className="px-4 py-6 text-sm text-fg-muted">{t('notifications.empty')}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-border">
      {items.map((n) => {
        const { title, body } = text(n);
        const unread = !n.read_at;
        return (
          <li key={n.id}>
            <Link
              to={n.link || '/'}
              onClick={() => onOpen(n)}
              className={cn('flex min-h-16 flex-col gap-0.5 px-4 py-3 hover:bg-surface-sunken', unread && 'bg-primary/5')}
            >
              <span className="flex items-center gap-2 font-semibold text-fg">
                {unread ? <span aria-hidden="true" className="size-2 shrink-0 rounded-pill bg-primary" /> : null}
                {unread ? <span className="sr-only">{t('notifications.unreadMark')} </span> : null}
                {title}
              </span>
              <span className="text-sm text-fg">{body}</span>
              <span className="text-xs text-fg-muted">{noticeDate(n.created_at, i18n.language)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
