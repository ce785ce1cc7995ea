import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainInput, PlainSelect } from '../../components/form/PlainField';
import { ImageUpload } from '../../components/media/ImageUpload';
import { Button } from '../../components/ui/Button';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { mineQuery, optionsQuery, useResendVerification, useSubmitApplication, useVerifyEmail, type Application, type Options } from './api';

type RegType = 'service_provider' | 'co_marketing';

/** /vendor-registration?type=service_provider|co_marketing: apply to list on Circle (F-AREA-01). */
export default function VendorRegistrationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const viewer = useViewer();
  const type = params.get('type');
  const regType: RegType | null = type === 'service_provider' || type === 'co_marketing' ? type : null;
  const titleKey = regType === 'service_provider' ? 'areas.vendorRegistration.serviceProvider' : regType === 'co_marketing' ? 'areas.vendorRegistration.coMarketing' : 'areas.vendorRegistration';
  const verify = params.get('verify');
  const signedIn = viewer.status === 'signed-in';
  const mine = useQuery(mineQuery(signedIn));
  const here = `/vendor-registration?${params.toString()}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{t(`${titleKey}.title`)}</h1>
      <p className="text-fg-muted">{t(`${titleKey}.body`)}</p>
      {verify ? <VerifyEmail token={verify} /> : null}
      {!regType && !verify && (
        <div className="flex flex-wrap gap-3">
          <Link className={buttonClass('primary')} to="/vendor-registration?type=service_provider">
            {t('areas.links.serviceProvider')}
          </Link>
          <Link className={buttonClass('secondary')} to="/vendor-registration?type=co_marketing">
            {t('areas.links.coMarketing')}
          </Link>
        </div>
      )}
      {regType && viewer.status === 'signed-out' && (
        <p className="rounded-card border border-border p-4 text-fg">
          {t('vendorRegistration.signIn')}{' '}
          <Link className="font-medium text-primary underline" to={`/auth?redirect=${encodeURIComponent(here)}`}>
            {t('vendorRegistration.signInLink')}
          </Link>
        </p>
      )}
      {regType && signedIn && mine.isPending && <div aria-hidden="true" className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />}
      {regType && signedIn && mine.data?.application && mine.data.application.status !== 'rejected' ? (
        <ApplicationStatus app={mine.data.application} />
      ) : null}
      {regType && signedIn && mine.data?.application?.status === 'pending' && mine.data.application.changes_requested_at ? (
        <RegistrationForm regType={regType} invite="" defaultEmail="" initial={mine.data.application} />
      ) : null}
      {regType && signedIn && mine.isSuccess && (!mine.data.application || mine.data.application.status === 'rejected') ? (
        <>
          {mine.data.application?.status === 'rejected' && <ApplicationStatus app={mine.data.application} />}
          <RegistrationForm regType={regType} invite={params.get('invite') ?? ''} defaultEmail="" />
        </>
      ) : null}
    </div>
  );
}

function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);
  if (verify.isPending || verify.isIdle) return <p role="status">{t('vendorRegistration.verifying')}</p>;
  if (verify.isError) return <p role="alert" className="rounded-card border border-danger bg-danger-soft p-4 text-danger-strong">{t('vendorRegistration.verifyFailed')}</p>;
  return (
    <p role="status" className="rounded-card border border-savings bg-savings-soft p-4 text-savings-strong">
      {t('vendorRegistration.verified', { company: verify.data.company_name })}
    </p>
  );
}

function ApplicationStatus({ app }: { app: Application }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const Icon = app.status === 'approved' ? CheckCircle2 : app.status === 'rejected' ? XCircle : Clock;
  return (
    <section aria-labelledby="application-status" className="flex flex-col gap-2 rounded-card border border-border p-4">
      <h2 id="application-status" className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Icon aria-hidden="true" className="size-5" />
        {t(`vendorRegistration.status.${app.status}`, { company: app.company_name })}
      </h2>
      {app.status === 'pending' && !app.email_verified_at && (
        <>
          <p className="text-fg">{t('vendorRegistration.checkEmail', { email: app.contact_email })}</p>
          <Button
            variant="secondary"
            className="self-start"
            disabled={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: () => toast({ title: t('vendorRegistration.resent'), variant: 'success' }) })}
          >
            {resend.isPending ? t('vendorRegistration.resending') : t('vendorRegistration.resend')}
          </Button>
        </>
      )}
      {app.status === 'pending' && app.changes_requested_at ? (
        <p className="text-fg">{t('vendorRegistration.changesRequested', { message: app.changes_message })}</p>
      ) : app.status === 'pending' && app.email_verified_at ? (
        <p className="text-fg">{t('vendorRegistration.underReview')}</p>
      ) : null}
      {app.status === 'approved' && (
        <Link className={cn(buttonClass('primary'), 'self-start')} to="/vendor-dashboard?tab=services">
          {t('vendorRegistration.toDashboard')}
        </Link>
      )}
      {app.status === 'rejected' && <p className="text-fg">{t('vendorRegistration.rejectedReason', { reason: app.reason })}</p>}
    </section>
  );
}

function RegistrationForm({ regType, invite, defaultEmail, initial }: { regType: RegType; invite: string; defaultEmail: string; initial?: Application }) {
  const { t } = useTranslation();
  const options = useQuery(optionsQuery);
  const submit = useSubmitApplication();
  // An application sent back for changes (issue 31) is edited and submitted again.
  const [f, setF] = useState(
    initial
      ? { company: initial.company_name, contactName: initial.contact_name, phone: initial.contact_phone, email: initial.contact_email,
          businessType: initial.business_type, license: initial.license_number, nmls: initial.nmls_id, website: initial.website_url,
          logo: initial.logo_url }
      : { company: '', contactName: '', phone: '', email: defaultEmail, businessType: '', license: '', nmls: '', website: '', logo: '' },
  );
  const [categories, setCategories] = useState<string[]>(initial?.categories ?? []);
  const [states, setStates] = useState<string[]>(initial?.service_states ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  if (options.isPending) return <div aria-hidden="true" className="h-96 rounded-card bg-surface-sunken motion-safe:animate-pulse" />;
  if (options.isError) return <p role="alert">{t('vendorRegistration.loadError')}</p>;
  const o: Options = options.data;
  const bt = (o.business_types ?? []).find((b) => b.id === f.businessType);
  const set = (k: keyof typeof f, v: string) => setF((x) => ({ ...x, [k]: v }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    submit.mutate(
      {
        type: regType,
        company_name: f.company,
        contact_name: f.contactName,
        contact_phone: f.phone,
        contact_email: f.email,
        business_type: f.businessType,
        categories,
        service_states: states,
        license_number: bt?.license_required ? f.license : undefined,
        nmls_id: bt?.nmls_required ? f.nmls : undefined,
        settlement_provider: bt?.ssp ?? false,
        website_url: f.website || undefined,
        logo_url: f.logo || undefined,
        invite: invite || undefined,
      },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.fields.length > 0) setErrors(Object.fromEntries(err.fields.map((x) => [x.field, x.key])));
          else toast({ title: t('vendorRegistration.failed'), description: err.message, variant: 'error' });
        },
      },
    );
  };
  const err = (k: string) => (errors[k] ? t(errors[k]!, { defaultValue: t('vendorRegistration.errors.generic') }) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('vendorRegistration.formLabel')}>
      {Object.keys(errors).length > 0 && (
        <div role="alert" className="rounded-card border border-danger bg-danger-soft p-3 text-sm text-danger-strong">
          {t('vendorRegistration.fixErrors', { count: Object.keys(errors).length })}
        </div>
      )}
      <PlainInput label={t('vendorRegistration.fields.company')} required value={f.company} onChange={(e) => set('company', e.target.value)} error={err('company_name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlainInput label={t('vendorRegistration.fields.contactName')} required value={f.contactName} onChange={(e) => set('contactName', e.target.value)} error={err('contact_name')} />
        <PlainInput label={t('vendorRegistration.fields.phone')} required type="tel" value={f.phone} onChange={(e) => set('phone', e.target.value)} error={err('contact_phone')} />
      </div>
      <PlainInput
        label={t('vendorRegistration.fields.email')}
        hint={t('vendorRegistration.emailHint')}
        required
        type="email"
        value={f.email}
        onChange={(e) => set('email', e.target.value)}
        error={err('contact_email')}
      />
      <PlainSelect label={t('vendorRegistration.fields.businessType')} required value={f.businessType} onChange={(e) => set('businessType', e.target.value)} error={err('business_type')}>
        <option value="">{t('vendorRegistration.choose')}</option>
        {(o.business_types ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {t(`vendorRegistration.types.${b.id}`, { defaultValue: b.id })}
          </option>
        ))}
      </PlainSelect>
      {bt && (
        <p className="rounded-card border border-border bg-surface-sunken p-3 text-sm text-fg" data-testid="ssp-explanation">
          <strong>{bt.ssp ? t('vendorRegistration.ssp.yes') : t('vendorRegistration.ssp.no')}</strong> {t('vendorRegistration.ssp.explain')}
          {err('settlement_provider') && <span className="block text-danger-strong">{err('settlement_provider')}</span>}
        </p>
      )}
      {bt?.license_required && <PlainInput label={t('vendorRegistration.fields.license')} required value={f.license} onChange={(e) => set('license', e.target.value)} error={err('license_number')} />}
      {bt?.nmls_required && <PlainInput label={t('vendorRegistration.fields.nmls')} required inputMode="numeric" value={f.nmls} onChange={(e) => set('nmls', e.target.value)} error={err('nmls_id')} />}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-fg">{t('vendorRegistration.fields.categories', { max: o.max_categories })}</legend>
        <div className="flex flex-wrap gap-2">
          {(o.categories ?? []).map((c) => {
            const on = categories.includes(c.tag);
            return (
              <label key={c.tag} className={cn('inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm', on ? 'border-primary bg-primary-soft text-primary' : 'border-border text-fg')}>
                <input type="checkbox" className="size-4" checked={on} onChange={() => setCategories((x) => (on ? x.filter((y) => y !== c.tag) : [...x, c.tag]))} />
                {c.name}
              </label>
            );
          })}
        </div>
        {err('categories') && <p className="text-sm font-medium text-danger">{err('categories')}</p>}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-fg">{t('vendorRegistration.fields.states')}</legend>
        <div className="grid grid-cols-4 gap-1 sm:grid-cols-9">
          {(o.states ?? []).map((s) => (
            <label key={s} className="inline-flex min-h-11 items-center gap-1 text-sm text-fg">
              <input type="checkbox" className="size-4" checked={states.includes(s)} onChange={() => setStates((x) => (x.includes(s) ? x.filter((y) => y !== s) : [...x, s]))} />
              {s}
            </label>
          ))}
        </div>
        {err('service_states') && <p className="text-sm font-medium text-danger">{err('service_states')}</p>}
      </fieldset>
      <PlainInput label={t('vendorRegistration.fields.website')} type="url" value={f.website} onChange={(e) => set('website', e.target.value)} error={err('website_url')} />
      <ImageUpload
        label={t('vendorRegistration.fields.logo')}
        hint={t('vendorRegistration.logoHint')}
        value={f.logo}
        onChange={(url) => set('logo', url)}
        error={err('logo_url')}
        onBusy={setUploading}
      />
      <Button type="submit" className="self-start" disabled={submit.isPending || uploading}>
        {submit.isPending ? t('vendorRegistration.submitting') : t('vendorRegistration.submit')}
      </Button>
    </form>
  );
}
