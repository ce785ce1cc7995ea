import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { LoadFailed } from '../../components/ui/RetryAlert';
import { useViewer } from '../../lib/session';
import { notificationsQuery, useMarkRead } from './api';
import { NotificationList } from './NotificationList';

/** /notifications: every notice of the signed-in user (the phone menu leads here). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(notificationsQuery(viewer.status === 'signed-in'));
  const mark = useMarkRead();
  let body;
  if (q.isPending) {
    body = (
      <div aria-busy="true" aria-label={t('notifications.loading')} className="flex flex-col divide-y divide-border">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 bg-surface-sunken motion-safe:animate-pulse" />
        ))}
      </div>
    );
  } else if (q.isError) {
    body = (
      <LoadFailed message={t('notifications.loadError')} retryLabel={t('notifications.retry')} onRetry={() => void q.refetch()} className="flex flex-col items-start gap-3 p-4" />
    );
  } else if ((q.data.notifications ?? []).length === 0) {
    // The page's empty state says what comes here and where to go (design.md); the bell's
    // panel keeps NotificationList's one line.
    body = (
      <Notice
        headingLevel={2}
        icon={<Bell aria-hidden="true" className="size-6" />}
        title={t('notifications.empty')}
        actions={<ButtonLink to="/marketplace">{t('notifications.explore')}</ButtonLink>}
        className="my-0! max-w-none! border-0! shadow-none!"
      >
        <p>{t('notifications.emptyBody')}</p>
      </Notice>
    );
  } else {
    body = <NotificationList items={q.data.notifications ?? []} onOpen={(n) => (n.read_at ? undefined : mark.mutate(n.id))} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-fg">{t('notifications.title')}</h1>
        {(q.data?.unread ?? 0) > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => mark.mutate(undefined)}>
            {t('notifications.markAll')}
          </Button>
        ) : null}
      </div>
      <section className="rounded-card border border-border bg-surface">{body}</section>
    </div>
  );
}
