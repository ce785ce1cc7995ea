import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainTextArea } from '../../components/form/PlainField';
import { useZodForm } from '../../components/form/useZodForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { myAffiliateQuery, useApply } from './api';
import { applicationSchema, serverKeyMessage, type ApplicationValues } from './schema';

const FIELDS = ['promotion', 'audience', 'website', 'payout_email'] as const;

/** /affiliate/apply: the application (one per member), or its status once sent. */
export default function ApplyPage() {
  const { t } = useTranslation();
  const mine = useQuery(myAffiliateQuery(true));
  const app = mine.data?.application;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-fg">{t('affiliates.apply.title')}</h1>
      {mine.isPending ? (
        <Spinner className="mx-auto my-8" />
      ) : app ? (
        <section role="status" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card">
          <h2 className="text-lg font-semibold text-fg">{t(`affiliates.landing.status.${app.status}`)}</h2>
          {app.status === 'rejected' && app.reason ? <p className="text-sm text-fg-muted">{t('affiliates.apply.reason', { reason: app.reason })}</p> : null}
          {app.status === 'approved' ? <ButtonLink to="/affiliate/dashboard">{t('affiliates.landing.toDashboard')}</ButtonLink> : null}
        </section>
      ) : (
        <ApplyForm />
      )}
    </div>
  );
}

function ApplyForm() {
  const { t } = useTranslation();
  const apply = useApply();
  const errorText = useErrorText();
  const [done, setDone] = useState(false);
  const form = useZodForm(applicationSchema, { defaultValues: { promotion: '', audience: '', website: '', payout_email: '' } });
  const label = (f: (typeof FIELDS)[number]) => t(`affiliates.apply.fields.${f}`);

  const submit = form.handleSubmit(async (v: ApplicationValues) => {
    try {
      await apply.mutateAsync({ promotion: v.promotion, audience: v.audience, website: v.website, payout_email: v.payout_email });
      setDone(true);
      toast({ title: t('affiliates.apply.sent'), variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) {
        const name = (FIELDS as readonly string[]).includes(f.field) ? (f.field as (typeof FIELDS)[number]) : 'promotion';
        const key = serverKeyMessage(f.key);
        form.setError(name, key ? { message: key } : { type: SERVER_ERROR, message: f.message });
      }
      if (fields.length === 0) toast({ title: t('affiliates.apply.failed'), variant: 'error' });
    }
  });

  if (done) return null;
  const promotionError = errorText(form.formState.errors.promotion, label('promotion'));
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card">
      <p className="text-fg-muted">{t('affiliates.apply.lead')}</p>
      <PlainTextArea label={label('promotion')} required hint={t('affiliates.apply.promotionHint')} error={promotionError} rows={5} {...form.register('promotion')} />
      <FormTextField form={form} name="audience" label={label('audience')} hint={t('affiliates.apply.audienceHint')} />
      <FormTextField form={form} name="website" label={label('website')} type="url" inputMode="url" autoComplete="url" placeholder="https://" />
      <FormTextField form={form} name="payout_email" label={label('payout_email')} type="email" inputMode="email" autoComplete="email" required />
      <div>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? t('affiliates.apply.sending') : t('affiliates.apply.submit')}
        </Button>
      </div>
    </form>
  );
}
