import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { dismissNotice, openSessionsDialog, useSessionNotices, type NoticeKind } from '../../lib/sessionNotices';

const TITLE_KEYS: Record<NoticeKind, string> = {
  multiple_sessions: 'session.notices.multiple_sessions.title',
  ip_change: 'session.notices.ip_change.title',
  new_device: 'session.notices.new_device.title',
  too_many: 'session.notices.too_many.title',
  security_notice: 'session.notices.security_notice.title',
};

const BODY_KEYS: Record<NoticeKind, string> = {
  multiple_sessions: 'session.notices.multiple_sessions.body',
  ip_change: 'session.notices.ip_change.body',
  new_device: 'session.notices.new_device.body',
  too_many: 'session.notices.too_many.body',
  security_notice: 'session.notices.security_notice.body',
};

/**
 * The security-warning dialog (spec 01§2, 01§8), non-modal: it sits under the header and does
 * not take focus, so it never blocks what the user was doing. One notice at a time.
 */
export function SecurityNotices({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { pending } = useSessionNotices();
  const titleId = useId();
  const bodyId = useId();
  const notice = pending.find((n) => n.userId === userId);
  if (!notice) return null;
  return (
    <div className="border-b border-pro/40 bg-warning-soft">
      <div
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-notice={notice.kind}
        className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-warning-strong"
      >
        <ShieldAlert aria-hidden="true" className="size-6 shrink-0" />
        {/* At least 12rem wide: on a phone the buttons wrap under the text instead of squeezing it. */}
        <div className="flex min-w-48 flex-1 flex-col">
          <h2 id={titleId} className="text-sm font-semibold">
            {t(TITLE_KEYS[notice.kind])}
          </h2>
          <p id={bodyId} className="text-sm">
            {t(BODY_KEYS[notice.kind], { n: notice.activeSessions ?? 2 })}
          </p>
        </div>
        <div className="flex gap-2 max-md:pl-9">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              dismissNotice(notice);
              openSessionsDialog();
            }}
          >
            {t('session.notices.review')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => dismissNotice(notice)}>
            {t('session.notices.dismiss')}
          </Button>
        </div>
      </div>
    </div>
  );
}
