import { Laptop, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../components/ui/CloseButton';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { sessionControl, type SessionControlAnswer } from '../../lib/sessionRuntime';
import { toast } from '../../lib/toast';
import { describeUserAgent } from './userAgent';

type Row = NonNullable<SessionControlAnswer['sessions']>[number];

/** The active-sessions dialog (spec 01§2): list, select, revoke. */
export default function ActiveSessionsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const errorId = useId();
  const [answer, setAnswer] = useState<SessionControlAnswer | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    sessionControl('list').then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setLoadFailed(false);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [reload]);

  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : fmt.format(d);
  };
  const sessions: Row[] = answer?.sessions ?? [];

  function toggle(id: string, on: boolean) {
    setError(null);
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function revoke() {
    if (busy) return;
    if (selected.size === 0) {
      setError(t('session.sessions.selectOne'));
      return;
    }
    setBusy(true);
    try {
      const a = await sessionControl('revoke', [...selected]);
      setAnswer(a);
      setSelected(new Set());
      toast({ title: t('session.sessions.revoked', { n: a.revoked ?? 0 }), variant: 'success' });
    } catch {
      toast({ title: t('session.sessions.revokeFailed'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal labelledBy={titleId} describedBy={descId} onClose={onClose} className="max-w-xl">
      <div className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <h2 id={titleId} className="text-xl font-semibold text-fg">
              {t('session.sessions.title')}
            </h2>
            <p id={descId} className="text-sm text-fg-muted">
              {t('session.sessions.description')}
            </p>
          </div>
          <CloseButton label={t('session.sessions.close')} onClick={onClose} className="rounded-control p-1 text-fg-muted hover:bg-surface-sunken hover:text-fg" iconClassName="size-5" />
        </div>

        {!answer && !loadFailed ? (
          <div role="status" className="flex items-center gap-3 py-6 text-sm text-fg-muted">
            <Spinner className="size-5 border-2" />
            {t('session.sessions.loading')}
          </div>
        ) : null}
        {loadFailed && !answer ? (
          <div role="alert" className="flex flex-col items-start gap-3 py-2 text-sm text-danger-strong">
            <p>{t('session.sessions.loadFailed')}</p>
            <Button size="sm" variant="secondary" onClick={() => setReload((n) => n + 1)}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('session.sessions.retry')}
            </Button>
          </div>
        ) : null}

        {answer ? (
          <>
            <p className="text-sm text-fg-muted">
              {t('session.sessions.count', { active: answer.activeSessions, max: answer.maxSessions })}
            </p>
            <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
              <legend className="sr-only">{t('session.sessions.title')}</legend>
              <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
                {sessions.map((s) => {
                  const ua = describeUserAgent(s.user_agent);
                  const name =
                    ua.browser && ua.os
                      ? t('session.sessions.device', { browser: ua.browser, os: ua.os })
                      : (ua.browser ?? ua.os ?? t('session.sessions.unknownDevice'));
                  const inputId = `${titleId}-${s.id}`;
                  return (
                    <li
                      key={s.id}
                      data-session-id={s.id}
                      data-current={s.current ? 'true' : undefined}
                      className={cn(
                        'flex items-start gap-3 rounded-control border p-3',
                        selected.has(s.id) ? 'border-primary bg-primary-soft' : 'border-border',
                      )}
                    >
                      {s.current ? (
                        <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                      ) : (
                        <input
                          id={inputId}
                          type="checkbox"
                          className="mt-1 size-4 shrink-0 accent-primary"
                          checked={selected.has(s.id)}
                          onChange={(e) => toggle(s.id, e.target.checked)}
                        />
                      )}
                      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
                        <label htmlFor={s.current ? undefined : inputId} className="font-medium text-fg">
                          {name}
                          {s.current ? (
                            <span className="ml-2 rounded-pill bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-strong">
                              {t('session.sessions.current')}
                            </span>
                          ) : null}
                        </label>
                        <span className="text-fg-muted">{t('session.sessions.ip', { ip: s.ip_address || '—' })}</span>
                        <span className="text-fg-muted">{t('session.sessions.lastActive', { time: when(s.last_activity) })}</span>
                        <span className="text-fg-muted">{t('session.sessions.signedIn', { time: when(s.created_at) })}</span>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-danger">
                {error}
              </p>
            ) : null}
          </>
        ) : null}

        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('session.sessions.close')}
          </Button>
          {/* Not disabled while busy: a disabled button would drop the focus out of the dialog. */}
          <Button variant="danger" onClick={() => void revoke()} disabled={!answer} aria-busy={busy}>
            {busy ? t('session.sessions.revoking') : t('session.sessions.revoke')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
