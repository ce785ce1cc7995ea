import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainInput, PlainSelect } from '../../components/form/PlainField';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { SignInPrompt } from '../../components/ui/SignInPrompt';
import { TitledSection } from '../../components/ui/TitledSection';
import { ApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { questionnaireQuery, useSaveQuestionnaire, type Questionnaire, type Recommendation } from './api';
import { clearPendingQuestionnaire, readPendingQuestionnaire, savePendingQuestionnaire } from './pending';
import { categoryKey, marketplaceLink } from './styles';

export const LEAD_SOURCES = ['sphere', 'referrals', 'open_houses', 'portals', 'social_media', 'paid_ads', 'direct_mail', 'cold_calling'] as const;
export const SPECIALTIES = ['buyers', 'listings', 'first_time', 'luxury', 'investors', 'new_construction', 'relocation', 'rentals'] as const;
export const CHALLENGES = ['lead_generation', 'follow_up', 'listings', 'marketing_brand', 'paperwork', 'time', 'technology', 'scaling_team'] as const;

export interface QForm {
  years: string;
  transactions: string;
  gci: string;
  leadSources: string[];
  specialties: string[];
  challenge: string;
}
type Field = 'years' | 'transactions' | 'gci' | 'leadSources' | 'challenge';
type Errors = Partial<Record<Field, string>>;

const EMPTY: QForm = { years: '', transactions: '', gci: '', leadSources: [], specialties: [], challenge: '' };
const SERVER_FIELD: Record<string, Field> = {
  years_licensed: 'years',
  transactions_last_year: 'transactions',
  gci_goal_cents: 'gci',
  lead_sources: 'leadSources',
  biggest_challenge: 'challenge',
};

function whole(v: string, max: number): number | null {
  const s = v.trim().replace(/[,\s]/g, '');
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n <= max ? n : null;
}

/** Whole dollars typed (with optional $, commas and cents) to cents; null when not a positive amount up to $100,000,000. */
export function dollarsToCents(v: string): number | null {
  const s = v.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [d, c = ''] = s.split('.');
  const cents = Number(d) * 100 + Number((c + '00').slice(0, 2));
  return cents > 0 && cents <= 100_000_000_00 ? cents : null;
}

/** The form checked with the server's rules: the body to send, or the errors (i18n keys). */
export function checkQuestionnaire(f: QForm): { body: Questionnaire } | { errors: Errors } {
  const errors: Errors = {};
  const years = whole(f.years, 70);
  const transactions = whole(f.transactions, 2000);
  const gci = dollarsToCents(f.gci);
  if (years === null) errors.years = 'assessments.questionnaire.errors.years';
  if (transactions === null) errors.transactions = 'assessments.questionnaire.errors.transactions';
  if (gci === null) errors.gci = 'assessments.questionnaire.errors.gci';
  if (f.leadSources.length === 0) errors.leadSources = 'assessments.questionnaire.errors.leadSources';
  if (!f.challenge) errors.challenge = 'assessments.questionnaire.errors.challenge';
  if (years === null || transactions === null || gci === null || Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      years_licensed: years,
      transactions_last_year: transactions,
      gci_goal_cents: gci,
      lead_sources: f.leadSources,
      specialties: f.specialties,
      biggest_challenge: f.challenge,
    },
  };
}

function formOf(q: Questionnaire): QForm {
  return {
    years: String(q.years_licensed),
    transactions: String(q.transactions_last_year),
    gci: String(q.gci_goal_cents / 100),
    leadSources: q.lead_sources ?? [],
    specialties: q.specialties ?? [],
    challenge: q.biggest_challenge,
  };
}

/**
 * /agent-questionnaire: years licensed, transactions, the yearly GCI goal, lead sources,
 * specialties and the biggest challenge, stored for the member; the answers point to three
 * marketplace category blocks, each linked to the marketplace filtered by it. A visitor fills
 * it in and is asked to sign in; the answers wait in the tab.
 */
export default function QuestionnairePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signedIn = viewer.status === 'signed-in';
  const stored = useQuery(questionnaireQuery(signedIn));
  // Answers kept across sign-in come first, then the stored ones.
  const [pending] = useState(() => readPendingQuestionnaire());
  useEffect(() => {
    if (pending && signedIn) clearPendingQuestionnaire();
  }, [pending, signedIn]);
  const ready = viewer.status !== 'loading' && (!signedIn || pending !== null || !stored.isLoading);
  const initial = pending ? formOf(pending) : stored.data?.answers ? formOf(stored.data.answers) : EMPTY;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeader title={t('assessments.questionnaire.title')} intro={t('assessments.questionnaire.intro')} />
      {ready ? (
        <QuestionnaireForm initial={initial} signedIn={signedIn} storedRecs={stored.data?.recommendations ?? []} storedAt={stored.data?.answers?.updated_at} />
      ) : (
        <div aria-busy="true" className="h-[36rem] animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      )}
      <Link to="/disc-test" className="text-primary underline underline-offset-2">
        {t('assessments.questionnaire.discLink')}
      </Link>
    </div>
  );
}

function QuestionnaireForm({ initial, signedIn, storedRecs, storedAt }: { initial: QForm; signedIn: boolean; storedRecs: Recommendation[]; storedAt?: string }) {
  const { t, i18n } = useTranslation();
  const save = useSaveQuestionnaire();
  const [form, setForm] = useState<QForm>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [askSignIn, setAskSignIn] = useState(false);

  const toggle = (key: 'leadSources' | 'specialties', v: string) => {
    setForm((f) => ({ ...f, [key]: f[key].includes(v) ? f[key].filter((x) => x !== v) : [...f[key], v] }));
    if (key === 'leadSources') setErrors((e) => ({ ...e, leadSources: undefined }));
  };
  const set = (k: 'years' | 'transactions' | 'gci' | 'challenge') => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const checked = checkQuestionnaire(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (!signedIn) {
      savePendingQuestionnaire(checked.body);
      setAskSignIn(true);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: () => toast({ title: t('assessments.questionnaire.saved'), variant: 'success' }),
      onError: (err) => {
        if (err instanceof ApiError) {
          const next: Errors = {};
          for (const f of err.fields) {
            const k = SERVER_FIELD[f.field.replace(/\[\d+\]$/, '')];
            if (k) next[k] = f.key.startsWith('assessments.') ? f.key : f.message;
          }
          setErrors(next);
        }
        toast({ title: t('assessments.questionnaire.failed'), variant: 'error' });
      },
    });
  }

  const err = (k: Field) => {
    const v = errors[k];
    return v ? (v.startsWith('assessments.') ? t(v) : v) : undefined;
  };
  const recs = save.data?.recommendations ?? storedRecs;
  const savedAt = save.data?.answers?.updated_at ?? storedAt;

  return (
    <>
      {recs.length > 0 ? <Recommendations recs={recs} /> : null}
      <form noValidate onSubmit={submit} aria-busy={save.isPending} className="flex flex-col gap-5 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <PlainInput label={t('assessments.questionnaire.years')} inputMode="numeric" required value={form.years} onChange={set('years')} error={err('years')} maxLength={3} />
          <PlainInput
            label={t('assessments.questionnaire.transactions')}
            inputMode="numeric"
            required
            value={form.transactions}
            onChange={set('transactions')}
            error={err('transactions')}
            maxLength={5}
          />
          <PlainInput
            label={t('assessments.questionnaire.gci')}
            inputMode="decimal"
            required
            value={form.gci}
            onChange={set('gci')}
            error={err('gci')}
            hint={t('assessments.questionnaire.gciHint')}
            maxLength={16}
          />
        </div>
        <Checkboxes
          name="lead-sources"
          legend={t('assessments.questionnaire.leadSources')}
          hint={t('assessments.questionnaire.leadSourcesHint')}
          error={err('leadSources')}
          options={LEAD_SOURCES.map((v) => ({ v, label: t(`assessments.questionnaire.sources.${v}`) }))}
          chosen={form.leadSources}
          onToggle={(v) => toggle('leadSources', v)}
          required
        />
        <Checkboxes
          name="specialties"
          legend={t('assessments.questionnaire.specialties')}
          hint={t('assessments.questionnaire.specialtiesHint')}
          options={SPECIALTIES.map((v) => ({ v, label: t(`assessments.questionnaire.specialtyNames.${v}`) }))}
          chosen={form.specialties}
          onToggle={(v) => toggle('specialties', v)}
        />
        <PlainSelect label={t('assessments.questionnaire.challenge')} required value={form.challenge} onChange={set('challenge')} error={err('challenge')}>
          <option value="">{t('assessments.questionnaire.choose')}</option>
          {CHALLENGES.map((c) => (
            <option key={c} value={c}>
              {t(`assessments.questionnaire.challenges.${c}`)}
            </option>
          ))}
        </PlainSelect>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('assessments.questionnaire.saving') : t('assessments.questionnaire.save')}
          </Button>
          {savedAt ? (
            <span className="text-sm text-fg-muted">
              {t('assessments.questionnaire.lastSaved', { date: formatDateTime(savedAt, i18n.language, { dateStyle: 'medium' }) })}
            </span>
          ) : null}
        </div>
      </form>

      {askSignIn && !signedIn ? (
        <SignInPrompt
          id="q-sign-in"
          title={t('assessments.questionnaire.signInTitle')}
          body={t('assessments.questionnaire.signInBody')}
          returnTo="/agent-questionnaire"
          signInLabel={t('assessments.disc.signIn')}
          signUpLabel={t('assessments.disc.createAccount')}
        />
      ) : null}
    </>
  );
}

export function Checkboxes({
  name,
  legend,
  hint,
  error,
  options,
  chosen,
  onToggle,
  required,
}: {
  name: string;
  legend: string;
  hint: string;
  error?: string;
  options: { v: string; label: string }[];
  chosen: string[];
  onToggle: (v: string) => void;
  required?: boolean;
}) {
  const id = `q-${name}`;
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined} className="flex flex-col gap-2">
      <legend className="font-semibold text-fg">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-fg-muted">
        {hint}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.v} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-card border border-border px-3 py-2 text-fg">
            <input type="checkbox" className="size-4 accent-primary" checked={chosen.includes(o.v)} onChange={() => onToggle(o.v)} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The three category blocks the answers point to, each linking to the marketplace filtered by it. */
export function Recommendations({ recs }: { recs: Recommendation[] }) {
  const { t } = useTranslation();
  const reason = (r: string) => t(`assessments.questionnaire.reasons.${r.split(':')[0]}`);
  return (
    <TitledSection id="q-recs" title={t('assessments.questionnaire.recommendations')} className="flex flex-col gap-3" data-testid="recommendations" headingClassName="text-xl font-semibold text-fg">
      <p className="text-sm text-fg-muted">{t('assessments.questionnaire.recommendationsBody')}</p>
      <ol className="grid gap-3 md:grid-cols-3">
        {recs.map((r) => {
          const name = t(categoryKey(r.tag), { defaultValue: r.name });
          const reasons = [...new Set((r.reasons ?? []).map(reason))].slice(0, 2).join(', ');
          return (
            <li key={r.tag} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card">
              <h3 className="font-semibold text-fg">{name}</h3>
              <p className="text-sm text-fg-muted">{t('assessments.questionnaire.because', { reasons })}</p>
              <Link
                to={marketplaceLink(r.tag)}
                className="mt-auto inline-flex min-h-11 items-center gap-2 text-primary underline-offset-2 hover:underline"
              >
                {t('assessments.questionnaire.browse', { category: name })}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}
