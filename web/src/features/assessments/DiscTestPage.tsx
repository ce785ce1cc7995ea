import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderRow } from '../../components/table/HeaderRow';
import { Button } from '../../components/ui/Button';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { SignInPrompt } from '../../components/ui/SignInPrompt';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { discItemsQuery, discResultsQuery, useSaveDisc, useScoreDisc, type DiscAnswer, type DiscItem, type DiscProfile, type DiscResult } from './api';
import { DiscProfileView } from './DiscProfileView';
import { clearPendingDisc, readPendingDisc, savePendingDisc } from './pending';

type Choice = { most?: string; least?: string };

/** Sets one side of an item's choice; picking the word already on the other side moves it. */
export function choose(c: Choice, side: 'most' | 'least', option: string): Choice {
  const other = side === 'most' ? 'least' : 'most';
  const next: Choice = { ...c, [side]: option };
  if (next[other] === option) delete next[other];
  return next;
}

/** The answers of a finished test, in the items' order; null while an item is incomplete. */
export function answersOf(items: DiscItem[], choices: Record<string, Choice>): DiscAnswer[] | null {
  const out: DiscAnswer[] = [];
  for (const it of items) {
    const c = choices[it.id];
    if (!c?.most || !c.least || c.most === c.least) return null;
    out.push({ item: it.id, most: c.most, least: c.least });
  }
  return out;
}

/**
 * /disc-test: the DISC assessment, one group of four words at a time (most and least like me),
 * scored on the server. Members' results are saved (history, retake); a visitor sees the profile
 * and is asked to sign in to save it, the answers kept in the tab and saved once signed in.
 */
export default function DiscTestPage() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const items = useQuery(discItemsQuery());
  const history = useQuery(discResultsQuery(signedIn));
  const score = useScoreDisc();
  const save = useSaveDisc();
  const [phase, setPhase] = useState<'intro' | 'taking' | 'result'>('intro');
  const [index, setIndex] = useState(0);
  // Answers kept across sign-in start the test where the visitor left it.
  const [pending] = useState(() => readPendingDisc());
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries((pending ?? []).map((a) => [a.item, { most: a.most, least: a.least }])),
  );
  const [shown, setShown] = useState<{ profile: DiscProfile; saved: DiscResult | null } | null>(null);
  const resumed = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Answers kept across sign-in: saved once signed in, scored again for a visitor.
  useEffect(() => {
    if (resumed.current || viewer.status === 'loading') return;
    resumed.current = true;
    if (!pending) return;
    if (signedIn) {
      save.mutate(pending, {
        onSuccess: (r) => {
          clearPendingDisc();
          setShown({ profile: r, saved: r });
          setPhase('result');
          toast({ title: t('assessments.disc.saved'), variant: 'success' });
        },
        onError: () => toast({ title: t('assessments.disc.saveFailed'), variant: 'error' }),
      });
    } else {
      score.mutate(pending, { onSuccess: (p) => (setShown({ profile: p, saved: null }), setPhase('result')) });
    }
  }, [viewer.status, signedIn, pending, save, score, t]);

  // Each new group or phase moves focus to the heading (not on the first render).
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [phase, index]);

  const list = items.data?.items ?? [];
  const total = list.length;
  const item = list[index];
  const current = item ? (choices[item.id] ?? {}) : {};
  const complete = Boolean(current.most && current.least);
  const busy = score.isPending || save.isPending;

  function finish() {
    const answers = answersOf(list, choices);
    if (!answers || busy) return;
    const onError = (err: Error) => {
      // An item the server refuses is shown again.
      if (err instanceof ApiError) {
        const field = err.fields.find((f) => f.field.startsWith('answers.'))?.field;
        const at = field ? list.findIndex((it) => field.startsWith(`answers.${it.id}`)) : -1;
        if (at >= 0) setIndex(at);
      }
      toast({ title: t('assessments.disc.failed'), variant: 'error' });
    };
    if (signedIn) {
      save.mutate(answers, {
        onSuccess: (r) => {
          setShown({ profile: r, saved: r });
          setPhase('result');
          toast({ title: t('assessments.disc.saved'), variant: 'success' });
        },
        onError,
      });
    } else {
      savePendingDisc(answers);
      score.mutate(answers, { onSuccess: (p) => (setShown({ profile: p, saved: null }), setPhase('result')), onError });
    }
  }

  function restart() {
    clearPendingDisc();
    setChoices({});
    setIndex(0);
    setShown(null);
    setPhase('taking');
  }

  const date = (iso: string) => formatDateTime(iso, i18n.language, { dateStyle: 'medium' });
  const results = history.data?.results ?? [];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-fg outline-none">
          {phase === 'result' ? t('assessments.disc.resultTitle') : t('assessments.disc.title')}
        </h1>
        {phase === 'intro' ? <p className="text-fg-muted">{t('assessments.disc.intro')}</p> : null}
      </header>

      {items.isError ? (
        <RetryAlert message={t('assessments.disc.loadError')} retryLabel={t('assessments.disc.retry')} onRetry={() => void items.refetch()} messageClassName="text-fg" />
      ) : null}

      {phase === 'intro' ? (
        <div className="flex flex-col items-start gap-4">
          <Button onClick={() => setPhase('taking')} disabled={!items.data || busy}>
            {results.length > 0 ? t('assessments.disc.retake') : t('assessments.disc.start')}
          </Button>
          <p className="text-sm text-fg-muted">{t('assessments.disc.disclaimer')}</p>
        </div>
      ) : null}

      {phase === 'taking' && item ? (
        <form
          className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            if (!complete) return;
            if (index < total - 1) setIndex(index + 1);
            else finish();
          }}
        >
          <p className="text-sm font-medium text-fg-muted" aria-live="polite">
            {t('assessments.disc.progress', { current: index + 1, total })}
          </p>
          <div
            role="progressbar"
            aria-label={t('assessments.disc.progress', { current: index + 1, total })}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={index}
            className="h-2 overflow-hidden rounded-full bg-surface-sunken"
          >
            <span className="block h-full bg-primary" style={{ width: `${(index / total) * 100}%` }} />
          </div>
          <p id="disc-instructions" className="text-fg">
            {t('assessments.disc.pickBoth')}
          </p>
          <div className="grid grid-cols-2 gap-3">
            {(['most', 'least'] as const).map((side) => (
              <fieldset key={side} className="flex flex-col gap-2" aria-describedby="disc-instructions">
                <legend className="mb-1 font-semibold text-fg">{t(`assessments.disc.${side}`)}</legend>
                {(item.options ?? []).map((o) => {
                  const checked = current[side] === o;
                  return (
                    <label
                      key={o}
                      className={
                        'flex min-h-11 cursor-pointer items-center gap-2 rounded-card border px-3 py-2 text-fg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ' +
                        (checked ? 'border-primary bg-primary-soft' : 'border-border')
                      }
                    >
                      <input
                        type="radio"
                        name={`${item.id}-${side}`}
                        value={o}
                        checked={checked}
                        onChange={() => setChoices((c) => ({ ...c, [item.id]: choose(c[item.id] ?? {}, side, o) }))}
                        className="size-4 accent-primary"
                      />
                      <span className="break-words">{t(`assessments.disc.items.${item.id}.${o}`)}</span>
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
          <div className="flex items-center justify-between gap-3">
            <Button type="button" variant="secondary" onClick={() => setIndex(Math.max(0, index - 1))} disabled={index === 0 || busy}>
              {t('assessments.disc.back')}
            </Button>
            <Button type="submit" disabled={!complete || busy}>
              {busy ? t('assessments.disc.scoring') : index < total - 1 ? t('assessments.disc.next') : t('assessments.disc.finish')}
            </Button>
          </div>
        </form>
      ) : null}

      {phase === 'result' && shown ? (
        <>
          {shown.saved ? <p className="text-sm text-fg-muted">{t('assessments.disc.viewing', { date: date(shown.saved.created_at) })}</p> : null}
          <DiscProfileView profile={shown.profile} />
          {!signedIn ? (
            <SignInPrompt
              id="disc-sign-in"
              title={t('assessments.disc.signInTitle')}
              body={t('assessments.disc.signInBody')}
              returnTo="/disc-test"
              signInLabel={t('assessments.disc.signIn')}
              signUpLabel={t('assessments.disc.createAccount')}
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={restart}>
              {t('assessments.disc.retake')}
            </Button>
            <Link to="/agent-questionnaire" className="text-primary underline underline-offset-2">
              {t('assessments.disc.questionnaireLink')}
            </Link>
          </div>
        </>
      ) : null}

      {signedIn && results.length > 0 ? (
        <TitledSection id="disc-history" title={t('assessments.disc.history')} className="flex flex-col gap-2" headingClassName="text-xl font-semibold text-fg">
          <table className="w-full text-left text-sm">
            <thead>
              <HeaderRow
                className="border-b border-border text-fg-muted"
                cellClassName="py-2"
                columns={[
                  { label: t('assessments.disc.historyDate'), className: 'pr-2 font-medium' },
                  { label: t('assessments.disc.historyPrimary'), className: 'pr-2 font-medium' },
                  { label: t('assessments.disc.historySecondary'), className: 'pr-2 font-medium' },
                  { label: <span className="sr-only">{t('assessments.disc.historyView')}</span>, className: 'font-medium' },
                ]}
              />
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-2">{date(r.created_at)}</td>
                  <td className="py-2 pr-2">{t(`assessments.styles.${r.primary}.name`)}</td>
                  <td className="py-2 pr-2">{t(`assessments.styles.${r.secondary}.name`)}</td>
                  <td className="py-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setShown({ profile: r, saved: r });
                        setPhase('result');
                      }}
                    >
                      {t('assessments.disc.historyView')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TitledSection>
      ) : null}
    </div>
  );
}
