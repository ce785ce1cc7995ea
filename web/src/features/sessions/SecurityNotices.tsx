import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissNotice, openSessionsDialog, useSessionNotices, type NoticeKind } from '../../lib/sessionNotices';
import { CloseButton } from '../../components/ui/CloseButton';

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
 * The security notices (spec 01§2 "security dialogs", 01§8) as a compact bar under the header,
 * announced as a status (issue 28 item 10): it never takes focus or blocks the page, is one or
 * two lines on a phone, links to Active Sessions, and once dismissed stays gone for the
 * browser session. One notice at a time.
 */
export function SecurityNotices({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { pending } = useSessionNotices();
  const titleId = useId();
  const notice = pending.find((n) => n.userId === userId);
  if (!notice) return null;
  return (
    <div className="border-b border-pro/40 bg-warning-soft">
      <section
        role="status"
        aria-labelledby={titleId}
        data-notice={notice.kind}
        className="mx-auto flex w-full max-w-7xl items-start gap-2 px-4 py-1.5 text-sm text-warning-strong"
      >
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="min-w-0 flex-1 py-1">
          <strong id={titleId} className="font-semibold">
            {t(TITLE_KEYS[notice.kind])}
          </strong>{' '}
          {/* On a phone the explanation is read out but not shown: the bar stays one or two lines. */}
          <span className="max-md:sr-only">{t(BODY_KEYS[notice.kind], { n: notice.activeSessions ?? 2 })}</span>{' '}
          <button
            type="button"
            className="font-semibold underline underline-offset-2"
            onClick={() => {
              dismissNotice(notice);
              openSessionsDialog();
            }}
          >
            {t('session.notices.review')}
          </button>
        </p>
        <CloseButton label={t('session.notices.dismiss')} onClick={() => dismissNotice(notice)} className="-my-1 -mr-2 grid size-11 shrink-0 place-items-center rounded-control hover:bg-warning-strong/10" iconClassName="size-5" />
      </section>
    </div>
  );
}
