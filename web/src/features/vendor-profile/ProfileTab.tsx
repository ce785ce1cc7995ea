import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FieldErrorMessage, FormTextField, RequiredMark, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainTextArea } from '../../components/form/PlainField';
import { ImageUpload } from '../../components/media/ImageUpload';
import { useZodForm } from '../../components/form/useZodForm';
import { Button } from '../../components/ui/Button';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { useUpdateProfile, type VendorProfile } from './api';
import { PaymentMethodCard } from './PaymentMethodCard';
import { profileSchema, type ProfileValues } from './schema';
import { WithVendor } from './useVendor';

/**
 * /vendor-dashboard?tab=profile: what agents read about the company (F-AREA-01), and the card on
 * file Circle charges for the points the vendor funds (F-PAY-07).
 */
export function ProfileTab() {
  return <WithVendor>{(v, data) => <ProfileForm key={v.vendor_id + v.updated_at} vendor={v} states={data.states ?? []} />}</WithVendor>;
}

const FIELDS = ['name', 'description', 'website_url', 'phone', 'contact_email', 'logo_url', 'support_hours', 'service_states'] as const;
type FieldName = (typeof FIELDS)[number];

function ProfileForm({ vendor, states }: { vendor: VendorProfile; states: readonly string[] }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const form = useZodForm(profileSchema, {
    defaultValues: {
      name: vendor.name,
      description: vendor.description,
      website_url: vendor.website_url,
      phone: vendor.phone,
      contact_email: vendor.contact_email,
      logo_url: vendor.logo_url,
      support_hours: vendor.support_hours,
      service_states: vendor.service_states ?? [],
    },
  });
  const label = (f: FieldName) => t(`vendorProfile.profile.fields.${f}`);
  const submit = form.handleSubmit(async (v: ProfileValues) => {
    try {
      await update.mutateAsync({ id: vendor.vendor_id, body: v });
      toast({ title: t('vendorProfile.profile.saved'), variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) form.setError((FIELDS as readonly string[]).includes(f.field) ? (f.field as FieldName) : 'name', { type: SERVER_ERROR, message: f.message });
      if (fields.length === 0) toast({ title: t('vendorProfile.failed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
    }
  });
  const statesError = errorText(form.formState.errors.service_states as { message?: string; type?: string } | undefined, label('service_states'));
  const cats = vendor.categories ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-5" aria-labelledby="vendor-profile-heading" aria-busy={update.isPending}>
        <SectionHeading id="vendor-profile-heading" title={t('vendorProfile.profile.heading')} intro={t('vendorProfile.profile.intro')} />
        <FormTextField form={form} name="name" label={label('name')} required autoComplete="organization" />
        <Controller
          control={form.control}
          name="logo_url"
          render={({ field, fieldState }) => (
            <ImageUpload
              label={label('logo_url')}
              hint={t('vendorProfile.profile.logoHint')}
              value={field.value}
              onChange={field.onChange}
              vendorId={vendor.vendor_id}
              error={errorText(fieldState.error, label('logo_url'))}
              onBusy={setUploading}
            />
          )}
        />
        <PlainTextArea label={label('description')} rows={5} error={errorText(form.formState.errors.description, label('description'))} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="website_url" label={label('website_url')} type="url" inputMode="url" placeholder="https://" />
          <FormTextField form={form} name="phone" label={label('phone')} type="tel" inputMode="tel" />
          <FormTextField form={form} name="contact_email" label={label('contact_email')} type="email" inputMode="email" />
        </div>
        <FormTextField form={form} name="support_hours" label={label('support_hours')} />
        <Controller
          control={form.control}
          name="service_states"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2" aria-describedby={statesError ? 'vendor-profile-states-error' : undefined}>
              <legend className="text-sm font-medium text-fg">
                {label('service_states')}
                <RequiredMark />
              </legend>
              <div className="grid grid-cols-4 gap-1 sm:grid-cols-8">
                {states.map((s) => {
                  const on = field.value.includes(s);
                  return (
                    <label key={s} className="flex min-h-11 items-center gap-1.5 text-sm text-fg">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={on}
                        onChange={() => field.onChange(on ? field.value.filter((x) => x !== s) : [...field.value, s])}
                      />
                      {s}
                    </label>
                  );
                })}
              </div>
              {statesError ? <FieldErrorMessage id="vendor-profile-states-error">{statesError}</FieldErrorMessage> : null}
            </fieldset>
          )}
        />
        <div>
          <Button type="submit" disabled={update.isPending || uploading}>
            {update.isPending ? t('vendorProfile.saving') : t('vendorProfile.profile.save')}
          </Button>
        </div>
      </form>
      <div className="flex min-w-0 flex-col gap-6 self-start">
        <PaymentMethodCard vendorId={vendor.vendor_id} />
        <aside aria-labelledby="vendor-profile-fixed" className="flex flex-col gap-3 rounded-card border border-border bg-surface-sunken p-4">
          <h3 id="vendor-profile-fixed" className="font-semibold text-fg">
            {t('vendorProfile.profile.fixedHeading')}
          </h3>
          <dl className="flex flex-col gap-2 text-sm">
            <div>
              <dt className="text-fg-muted">{t('vendorProfile.profile.vendorType')}</dt>
              <dd className="text-fg">{vendor.vendor_type || t('vendorProfile.profile.none')}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t('vendorProfile.profile.licenseStates')}</dt>
              <dd className="text-fg">{(vendor.license_states ?? []).join(', ') || t('vendorProfile.profile.none')}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t('vendorProfile.profile.nmls')}</dt>
              <dd className="text-fg">{vendor.nmls_id || t('vendorProfile.profile.none')}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t('vendorProfile.profile.categories')}</dt>
              <dd className="text-fg">{cats.map((c) => c.name).join(', ') || t('vendorProfile.profile.none')}</dd>
            </div>
          </dl>
          <p className="text-sm text-fg-muted">{t('vendorProfile.profile.fixedIntro')}</p>
          <Link to="/contact" className="text-sm font-medium text-primary underline underline-offset-2">
            {t('vendorProfile.profile.contactSupport')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
