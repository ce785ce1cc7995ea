import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainInput, PlainSelect } from '../../components/form/PlainField';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { TitledSection } from '../../components/ui/TitledSection';
import { US_STATES } from '../../lib/regions';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useSaveWelcome, useSetProfileFromWelcome, welcomeQuery, type WelcomeView } from './api';
import { CHALLENGES, Checkboxes, Recommendations, SPECIALTIES } from './QuestionnairePage';

const STEPS = ['role', 'goals', 'specialties', 'location'] as const;
type Step = (typeof STEPS)[number];
const ROLES = ['agent', 'team_lead', 'broker', 'vendor'] as const;
type Role = (typeof ROLES)[number];

/**
 * /welcome: the first-run onboarding (signed-in members; the route asks visitors to sign in and
 * come back). Role, goals, specialties and location; each step is saved on the server, so a
 * member resumes where they left. Finishing sets the profile (city, state, specialties) and
 * shows the first recommendations; skipping ends it too. Done once.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const welcome = useQuery(welcomeQuery());
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeader title={t('assessments.welcome.title')} intro={t('assessments.welcome.intro')} />
      {welcome.isError ? (
        <AlertLine>{t('assessments.welcome.error')}</AlertLine>
      ) : !welcome.data ? (
        <div aria-busy="true" className="h-[28rem] animate-pulse rounded-card bg-surface-sunken motion-reduce:animate-none" />
      ) : welcome.data.completed_at ? (
        <Finished view={welcome.data} />
      ) : (
        <Wizard initial={welcome.data} />
      )}
    </div>
  );
}

function Finished({ view }: { view: WelcomeView }) {
  const { t } = useTranslation();
  const recs = view.recommendations ?? [];
  return (
    <TitledSection
      id="welcome-done"
      title={t(view.skipped ? 'assessments.welcome.skippedTitle' : 'assessments.welcome.doneTitle')}
      className="flex flex-col gap-4"
      headingClassName="text-xl font-semibold text-fg"
    >
      <p className="text-fg-muted">{t(view.skipped ? 'assessments.welcome.skippedBody' : 'assessments.welcome.doneBody')}</p>
      {recs.length > 0 ? <Recommendations recs={recs} /> : null}
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/marketplace">{t('assessments.welcome.toMarketplace')}</ButtonLink>
        <ButtonLink to="/goals" variant="secondary">
          {t('assessments.welcome.toGoals')}
        </ButtonLink>
        <ButtonLink to="/agent-questionnaire" variant="secondary">
          {t('assessments.welcome.toQuestionnaire')}
        </ButtonLink>
      </div>
    </TitledSection>
  );
}

function Wizard({ initial }: { initial: WelcomeView }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const save = useSaveWelcome();
  const setProfile = useSetProfileFromWelcome();
  const [step, setStep] = useState<Step>(STEPS.includes(initial.step as Step) ? (initial.step as Step) : 'role');
  const [role, setRole] = useState<Role | ''>((initial.role as Role) || '');
  const [goals, setGoals] = useState<string[]>(initial.goals ?? []);
  const [specialties, setSpecialties] = useState<string[]>(initial.specialties ?? []);
  const [state, setState] = useState(viewer.profile?.state ?? '');
  const [city, setCity] = useState(viewer.profile?.city ?? '');
  const [error, setError] = useState('');
  const index = STEPS.indexOf(step);
  const busy = save.isPending || setProfile.isPending;
  const failed = () => toast({ title: t('assessments.welcome.failed'), variant: 'error' });

  const answers = () => ({ role: role === 'vendor' ? '' : role, goals, specialties });

  function go(to: Step) {
    if (busy) return;
    if (step === 'role' && !role) return setError(t('assessments.welcome.errors.role'));
    if (step === 'goals' && index < STEPS.indexOf(to) && goals.length === 0) return setError(t('assessments.welcome.errors.goal'));
    setError('');
    save.mutate({ step: to, ...answers() }, { onSuccess: () => setStep(to), onError: failed });
  }

  function finish() {
    if (busy) return;
    const location = { ...(state ? { state } : {}), ...(city.trim() ? { city: city.trim() } : {}), specialties };
    setProfile.mutate(location, {
      onSuccess: () => save.mutate({ step: 'done', ...answers() }, { onError: failed }),
      onError: failed,
    });
  }

  function toggleGoal(v: string) {
    setError('');
    setGoals((g) => (g.includes(v) ? g.filter((x) => x !== v) : g.length >= 3 ? g : [...g, v]));
  }

  return (
    <section aria-labelledby="welcome-step" className="flex flex-col gap-5 rounded-card border border-border bg-surface p-4 sm:p-6">
      <p className="text-sm font-medium text-fg-muted">{t('assessments.welcome.progress', { step: index + 1, count: STEPS.length })}</p>
      <h2 id="welcome-step" className="text-xl font-semibold text-fg">
        {t(`assessments.welcome.steps.${step}`)}
      </h2>
      {step === 'role' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('assessments.welcome.steps.role')}</legend>
          {ROLES.map((r) => (
            <label key={r} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-card border border-border px-3 py-2 text-fg">
              <input
                type="radio"
                name="welcome-role"
                className="size-4 accent-primary"
                checked={role === r}
                onChange={() => {
                  setRole(r);
                  setError('');
                }}
              />
              {t(`assessments.welcome.roles.${r}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {step === 'role' && role === 'vendor' ? (
        <p className="rounded-card bg-primary-soft p-3 text-fg">
          {t('assessments.welcome.vendorBody')}{' '}
          <Link to="/vendor-registration" className="font-semibold text-primary underline underline-offset-2">
            {t('assessments.welcome.vendorLink')}
          </Link>
        </p>
      ) : null}
      {step === 'goals' ? (
        <Checkboxes
          name="welcome-goals"
          legend={t('assessments.welcome.goalsLegend')}
          hint={t('assessments.welcome.goalsHint')}
          options={CHALLENGES.map((c) => ({ v: c, label: t(`assessments.questionnaire.challenges.${c}`) }))}
          chosen={goals}
          onToggle={toggleGoal}
          required
        />
      ) : null}
      {step === 'specialties' ? (
        <Checkboxes
          name="welcome-specialties"
          legend={t('assessments.questionnaire.specialties')}
          hint={t('assessments.questionnaire.specialtiesHint')}
          options={SPECIALTIES.map((s) => ({ v: s, label: t(`assessments.questionnaire.specialtyNames.${s}`) }))}
          chosen={specialties}
          onToggle={(v) => setSpecialties((x) => (x.includes(v) ? x.filter((y) => y !== v) : [...x, v]))}
        />
      ) : null}
      {step === 'location' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <PlainSelect label={t('assessments.welcome.state')} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('assessments.questionnaire.choose')}</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </PlainSelect>
          <PlainInput label={t('assessments.welcome.city')} value={city} maxLength={100} autoComplete="address-level2" onChange={(e) => setCity(e.target.value)} />
        </div>
      ) : null}
      {error ? <AlertLine>{error}</AlertLine> : null}
      <div className="flex flex-wrap items-center gap-3">
        {index > 0 ? (
          <Button variant="secondary" disabled={busy} onClick={() => go(STEPS[index - 1] ?? 'role')}>
            {t('assessments.welcome.back')}
          </Button>
        ) : null}
        {step === 'location' ? (
          <Button disabled={busy} onClick={finish}>
            {t('assessments.welcome.finish')}
          </Button>
        ) : role === 'vendor' ? null : (
          <Button disabled={busy} onClick={() => go(STEPS[index + 1] ?? 'location')}>
            {t('assessments.welcome.next')}
          </Button>
        )}
        <Button variant="ghost" disabled={busy} onClick={() => save.mutate({ step: 'done', skip: true }, { onError: failed })}>
          {t('assessments.welcome.skip')}
        </Button>
      </div>
    </section>
  );
}
