import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { inputClass } from '../../components/form/Field';
import { LabelledControl } from '../../components/form/LabelledControl';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { authPath } from '../../lib/pendingAction';
import { useViewer } from '../../lib/session';
import { myPrayersQuery, scripturesQuery, sharedPrayersQuery, TAGS, useSubmitPrayer, type Tag } from './api';

/**
 * /ministry (and the /minsitry alias): offered, never pushed. Scriptures by topic from the
 * bundled King James Version, a prayer request (private, or shared after staff approval) and,
 * for members, their own requests and the approved shared ones without names.
 */
export default function MinistryPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8">
      <PageHeader title={t('ministry.title')} intro={t('ministry.intro')} />
      <Scriptures />
      <PrayerForm signedIn={signedIn} loading={viewer.status === 'loading'} />
      {signedIn ? <MyPrayers /> : null}
      {signedIn ? <SharedWall /> : null}
    </div>
  );
}

function Scriptures() {
  const { t } = useTranslation();
  const [tag, setTag] = useState<Tag>('encouragement');
  const verses = useQuery(scripturesQuery(tag));
  return (
    <TitledSection id="ministry-scriptures" title={t('ministry.scriptures.title')} className="flex flex-col gap-4" headingClassName="text-xl font-semibold text-fg">
      <div role="group" aria-label={t('ministry.scriptures.topics')} className="flex flex-wrap gap-2">
        {TAGS.map((x) => (
          <button
            key={x}
            type="button"
            aria-pressed={tag === x}
            onClick={() => setTag(x)}
            className={cn(
              'min-h-10 rounded-pill border px-3 text-sm font-medium',
              tag === x ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong text-fg hover:bg-surface-sunken',
            )}
          >
            {t(`ministry.tags.${x}`)}
          </button>
        ))}
      </div>
      <p className="text-sm text-fg-muted">{t('ministry.scriptures.note')}</p>
      {verses.isError ? (
        <AlertLine>{t('ministry.error')}</AlertLine>
      ) : verses.data ? (
        <ul className="flex flex-col gap-3" lang="en">
          {(verses.data.verses ?? []).map((v) => (
            <li key={v.ref} className="rounded-card border border-border bg-surface p-4">
              <blockquote className="text-fg">{v.text}</blockquote>
              <p className="mt-2 text-sm font-semibold text-fg-muted">
                {v.ref} ({verses.data.translation})
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <div aria-busy="true" className="h-96 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      )}
    </TitledSection>
  );
}

function PrayerForm({ signedIn, loading }: { signedIn: boolean; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitPrayer();
  const ids = { body: useId(), topic: useId(), error: useId() };
  const [body, setBody] = useState('');
  const [topic, setTopic] = useState('');
  const [visibility, setVisibility] = useState<'private' | 'shared'>('private');
  const [error, setError] = useState('');

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (submit.isPending) return;
    if (body.trim().length < 3) {
      setError(t('ministry.errors.body'));
      return;
    }
    submit.mutate(
      { body, visibility, ...(topic ? { topic } : {}) },
      {
        onSuccess: (p) => void navigate(`/ministry/success?visibility=${p.visibility}`),
        onError: (err) => setError(err instanceof ApiError && err.fields[0] ? t(err.fields[0].key, { defaultValue: err.message }) : t('ministry.error')),
      },
    );
  }

  return (
    <TitledSection id="ministry-prayer" title={t('ministry.prayer.title')} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4" headingClassName="text-xl font-semibold text-fg">
      <p className="text-fg-muted">{t('ministry.prayer.intro')}</p>
      {loading ? (
        <div aria-busy="true" className="h-64 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : !signedIn ? (
        <p>
          <Link to={authPath('/ministry', 'signin')} className="text-primary underline underline-offset-2">
            {t('ministry.prayer.signIn')}
          </Link>{' '}
          <Link to={authPath('/ministry', 'signup')} className="text-primary underline underline-offset-2">
            {t('ministry.prayer.signUp')}
          </Link>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <LabelledControl id={ids.body} label={t('ministry.prayer.body')}>
            <textarea
              id={ids.body}
              value={body}
              maxLength={2000}
              rows={5}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => {
                setBody(e.target.value);
                setError('');
              }}
              className={cn(inputClass, 'h-auto border-border-strong py-2')}
            />
          </LabelledControl>
          <LabelledControl id={ids.topic} label={t('ministry.prayer.topic')}>
            <select id={ids.topic} value={topic} onChange={(e) => setTopic(e.target.value)} className={cn(inputClass, 'border-border-strong')}>
              <option value="">{t('ministry.prayer.noTopic')}</option>
              {TAGS.map((x) => (
                <option key={x} value={x}>
                  {t(`ministry.tags.${x}`)}
                </option>
              ))}
            </select>
          </LabelledControl>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-fg">{t('ministry.prayer.visibility')}</legend>
            {(['private', 'shared'] as const).map((v) => (
              <label key={v} className="flex items-start gap-2 text-fg">
                <input type="radio" name="visibility" value={v} checked={visibility === v} onChange={() => setVisibility(v)} className="mt-1 size-4" />
                <span>
                  <span className="font-medium">{t(`ministry.visibility.${v}`)}</span>
                  <span className="block text-sm text-fg-muted">{t(`ministry.visibility.${v}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id={ids.error} role="alert" className="text-danger">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? t('ministry.prayer.sending') : t('ministry.prayer.submit')}
            </Button>
          </div>
        </form>
      )}
    </TitledSection>
  );
}

function MyPrayers() {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myPrayersQuery(true));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = mine.data?.prayers ?? [];
  return (
    <TitledSection id="ministry-mine" title={t('ministry.mine.title')} className="flex flex-col gap-3" headingClassName="text-xl font-semibold text-fg">
      {mine.isError ? (
        <AlertLine>{t('ministry.error')}</AlertLine>
      ) : !mine.data ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : rows.length === 0 ? (
        <p className="text-fg-muted">{t('ministry.mine.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((p) => (
            <li key={p.id} className="rounded-card border border-border p-3">
              <p className="whitespace-pre-line text-fg">{p.body}</p>
              <p className="mt-1 text-sm text-fg-muted">
                {date.format(new Date(p.created_at))} · {t(`ministry.status.${p.status}`)}
                {p.topic ? ` · ${t(`ministry.tags.${p.topic}`)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function SharedWall() {
  const { t, i18n } = useTranslation();
  const shared = useQuery(sharedPrayersQuery(true));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = shared.data?.prayers ?? [];
  return (
    <TitledSection id="ministry-shared" title={t('ministry.shared.title')} className="flex flex-col gap-3" headingClassName="text-xl font-semibold text-fg">
      <p className="text-sm text-fg-muted">{t('ministry.shared.intro')}</p>
      {shared.isError ? (
        <AlertLine>{t('ministry.error')}</AlertLine>
      ) : !shared.data ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : rows.length === 0 ? (
        <p className="text-fg-muted">{t('ministry.shared.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((p) => (
            <li key={p.id} className="rounded-card border border-border p-3">
              <p className="whitespace-pre-line text-fg">{p.body}</p>
              <p className="mt-1 text-sm text-fg-muted">{date.format(new Date(p.created_at))}</p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
