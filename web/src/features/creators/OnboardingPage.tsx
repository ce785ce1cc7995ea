import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { AlertLine } from '../../components/ui/AlertLine';
import { Button, ButtonLink } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { myApplicationQuery, useApply, type CreatorApplication } from './api';
import { ChoiceGroup } from './ChoiceGroup';
import { applicationSchema, NICHES, PLATFORMS, serverKeyMessage } from './schema';

const FIELDS = ['display_name', 'bio', 'website', 'audience_size', 'platforms', 'niches', 'content_plan'] as const;
type FieldName = (typeof FIELDS)[number];

/** /creator-onboarding: the creator application (profile, audience, content plan), or where it stands once sent. */
export default function OnboardingPage() {
  const { t } = useTranslation();
  const mine = useQuery(myApplicationQuery());
  const app = mine.data?.application;
  const [again, setAgain] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <PageHeader title={t('creators.onboarding.title')} intro={t('creators.onboarding.lead')} />
      {mine.isPending ? (
        <div aria-hidden="true" className="h-[36rem] animate-pulse rounded-card border border-border bg-surface-sunken" data-testid="creator-onboarding-skeleton" />
      ) : mine.isError ? <AlertLine>{t('creators.loadError')}</AlertLine> : app && !(app.status === 'rejected' && again) ? (
        <Status app={app} onApplyAgain={() => setAgain(true)} />
      ) : (
        <>
          <Steps />
          <ApplicationForm previous={app} />
        </>
      )}
    </div>
  );
}

function Steps() {
  const { t } = useTranslation();
  return (
    <ol className="grid gap-3 sm:grid-cols-3" aria-label={t('creators.onboarding.stepsLabel')}>
      {(['apply', 'review', 'earn'] as const).map((s, i) => (
        <li key={s} className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4">
          <span className="text-sm font-semibold text-primary">{t('creators.onboarding.step', { n: i + 1 })}</span>
          <span className="font-medium text-fg">{t(`creators.onboarding.steps.${s}.title`)}</span>
          <span className="text-sm text-fg-muted">{t(`creators.onboarding.steps.${s}.body`)}</span>
        </li>
      ))}
    </ol>
  );
}

function Status({ app, onApplyAgain }: { app: CreatorApplication; onApplyAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <section role="status" aria-labelledby="creator-status" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
      <h2 id="creator-status" className="text-lg font-semibold text-fg">
        {t(`creators.onboarding.status.${app.status}`)}
      </h2>
      <p className="text-sm text-fg-muted">{t(`creators.onboarding.statusBody.${app.status}`)}</p>
      {app.status === 'rejected' && app.reason ? <p className="text-sm text-fg">{t('creators.onboarding.reason', { reason: app.reason })}</p> : null}
      <div className="flex flex-wrap gap-2">
        {app.status === 'approved' ? (
          <>
            <ButtonLink to="/creator-payment-setup">{t('creators.onboarding.toPayments')}</ButtonLink>
            <ButtonLink to="/creator-dashboard" variant="secondary">
              {t('creators.onboarding.toDashboard')}
            </ButtonLink>
          </>
        ) : null}
        {app.status === 'rejected' ? <Button onClick={onApplyAgain}>{t('creators.onboarding.applyAgain')}</Button> : null}
      </div>
    </section>
  );
}

function ApplicationForm({ previous }: { previous?: CreatorApplication }) {
  const { t } = useTranslation();
  const apply = useApply();
  const errorText = useErrorText();
  const form = useZodForm(applicationSchema, {
    defaultValues: {
      display_name: previous?.display_name ?? '',
      bio: previous?.bio ?? '',
      website: previous?.website ?? '',
      audience_size: previous ? String(previous.audience_size) : '',
      platforms: previous?.platforms ?? [],
      niches: previous?.niches ?? [],
      content_plan: previous?.content_plan ?? '',
    },
  });
  const label = (f: FieldName) => t(`creators.fields.${f}`);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    try {
      await apply.mutateAsync({
        display_name: v.display_name,
        bio: v.bio,
        website: v.website,
        audience_size: Number(v.audience_size.replace(/[,\s]/g, '')),
        platforms: v.platforms,
        niches: v.niches,
        content_plan: v.content_plan,
      });
      toast({ title: t('creators.onboarding.sent'), variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) {
        const name = (FIELDS as readonly string[]).includes(f.field) ? (f.field as FieldName) : 'display_name';
        const key = serverKeyMessage(f.key);
        form.setError(name, key ? { message: key } : { type: SERVER_ERROR, message: f.message });
      }
      if (fields.length === 0) toast({ title: t('creators.onboarding.failed'), variant: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('creators.onboarding.formLabel')} className="flex flex-col gap-6 rounded-card border border-border bg-surface p-5 shadow-card">
      <section className="flex flex-col gap-4" aria-labelledby="creator-profile">
        <h2 id="creator-profile" className="text-lg font-semibold text-fg">
          {t('creators.onboarding.sections.profile')}
        </h2>
        <FormTextField form={form} name="display_name" label={label('display_name')} required autoComplete="nickname" />
        <PlainTextArea label={label('bio')} hint={t('creators.onboarding.bioHint')} error={errorText(errors.bio, label('bio'))} rows={3} {...form.register('bio')} />
        <FormTextField form={form} name="website" label={label('website')} type="url" inputMode="url" autoComplete="url" placeholder="https://" />
      </section>
      <section className="flex flex-col gap-4" aria-labelledby="creator-audience">
        <h2 id="creator-audience" className="text-lg font-semibold text-fg">
          {t('creators.onboarding.sections.audience')}
        </h2>
        <FormTextField form={form} name="audience_size" label={label('audience_size')} required inputMode="numeric" hint={t('creators.onboarding.audienceHint')} />
        <ChoiceGroup
          legend={label('platforms')}
          error={errorText(errors.platforms, label('platforms'))}
          options={PLATFORMS.map((p) => ({ value: p, label: t(`creators.platforms.${p}`) }))}
          register={form.register('platforms')}
        />
        <ChoiceGroup
          legend={label('niches')}
          hint={t('creators.onboarding.nichesHint')}
          error={errorText(errors.niches, label('niches'))}
          options={NICHES.map((n) => ({ value: n, label: t(`creators.niches.${n}`) }))}
          register={form.register('niches')}
        />
      </section>
      <section className="flex flex-col gap-4" aria-labelledby="creator-plan">
        <h2 id="creator-plan" className="text-lg font-semibold text-fg">
          {t('creators.onboarding.sections.plan')}
        </h2>
        <PlainTextArea
          label={label('content_plan')}
          required
          hint={t('creators.onboarding.planHint')}
          error={errorText(errors.content_plan, label('content_plan'))}
          rows={5}
          {...form.register('content_plan')}
        />
      </section>
      <div>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? t('creators.onboarding.sending') : t('creators.onboarding.submit')}
        </Button>
      </div>
    </form>
  );
}

