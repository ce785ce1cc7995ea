import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, useErrorText } from '../../components/form/Field';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { SERVER_ERROR } from '../../components/form/messages';
import { PlainSelect } from '../../components/form/PlainField';
import { ImageUpload } from '../../components/media/ImageUpload';
import { useZodForm } from '../../components/form/useZodForm';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { ApiError } from '../../lib/api/client';
import { toast } from '../../lib/toast';
import { representativesQuery, useAddRepresentative, useRemoveRepresentative, useSetPrimary, useUpdateRepresentative, type Representative } from './api';
import { initials, representativeSchema, splitList, type RepresentativeValues } from './schema';
import { WithVendor } from './useVendor';

/** /vendor-dashboard?tab=representatives: the people agents work with; one is primary (F-AREA-01). */
export function RepresentativesTab() {
  return <WithVendor>{(v, data) => <Representatives vendorId={v.vendor_id} states={data.states ?? []} />}</WithVendor>;
}

function Representatives({ vendorId, states }: { vendorId: string; states: readonly string[] }) {
  const { t } = useTranslation();
  const list = useQuery(representativesQuery(vendorId));
  const primary = useSetPrimary(vendorId);
  const remove = useRemoveRepresentative(vendorId);
  const [editing, setEditing] = useState<{ rep?: Representative } | null>(null);
  const failed = (err: unknown) => toast({ title: t('vendorProfile.failed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
  const reps = list.data?.representatives ?? [];
  return (
    <section aria-labelledby="vendor-reps-heading" className="flex flex-col gap-4">
      <SectionHeading
        id="vendor-reps-heading"
        title={t('vendorProfile.reps.heading')}
        intro={t('vendorProfile.reps.intro')}
        actions={
          <Button onClick={() => setEditing({})}>
            <Plus aria-hidden="true" className="size-4" />
            {t('vendorProfile.reps.add')}
          </Button>
        }
      />
      {list.isPending ? (
        <div aria-busy="true" aria-label={t('vendorProfile.loading')} className="flex flex-col gap-3">
          {[0, 1].map((i) => (
            <div key={i} className="h-24 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
          ))}
        </div>
      ) : list.isError ? (
        <RetryAlert tone="plain" message={t('vendorProfile.loadError')} retryLabel={t('vendorProfile.retry')} onRetry={() => void list.refetch()} messageClassName="text-fg" />
      ) : reps.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-fg-muted">{t('vendorProfile.reps.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('vendorProfile.reps.listLabel')}>
          {reps.map((r) => (
            <li key={r.id} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                {r.profile_picture_url ? (
                  <img src={r.profile_picture_url} alt="" className="size-12 shrink-0 rounded-full object-cover" width={48} height={48} />
                ) : (
                  <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-surface-sunken font-semibold text-fg">
                    {initials(r.name)}
                  </span>
                )}
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                    <span className="truncate">{r.name}</span>
                    {r.is_primary ? <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-fg">{t('vendorProfile.reps.primary')}</span> : null}
                  </p>
                  <p className="truncate text-sm text-fg-muted">{[r.title, r.license_number ? t('vendorProfile.reps.licence', { number: r.license_number, state: r.license_state }) : ''].filter(Boolean).join(' · ')}</p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                {!r.is_primary ? (
                  <Button variant="secondary" size="sm" disabled={primary.isPending} onClick={() => primary.mutate(r.id, { onError: failed, onSuccess: () => toast({ title: t('vendorProfile.reps.primaryDone', { name: r.name }), variant: 'success' }) })} aria-label={t('vendorProfile.reps.makePrimaryNamed', { name: r.name })}>
                    <Star aria-hidden="true" className="size-4" />
                    {t('vendorProfile.reps.makePrimary')}
                  </Button>
                ) : null}
                <Button variant="secondary" size="sm" onClick={() => setEditing({ rep: r })} aria-label={t('vendorProfile.reps.editNamed', { name: r.name })}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {t('vendorProfile.edit')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('vendorProfile.reps.confirmRemove', { name: r.name }))) remove.mutate(r.id, { onError: failed });
                  }}
                  aria-label={t('vendorProfile.reps.removeNamed', { name: r.name })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('vendorProfile.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <RepresentativeDialog vendorId={vendorId} rep={editing.rep} states={states} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

const FIELDS = ['name', 'title', 'email', 'phone', 'website', 'profile_picture_url', 'license_number', 'license_state', 'years_experience', 'specialties', 'location'] as const;
type FieldName = (typeof FIELDS)[number];

function RepresentativeDialog({ vendorId, rep, states, onClose }: { vendorId: string; rep?: Representative; states: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const add = useAddRepresentative(vendorId);
  const update = useUpdateRepresentative(vendorId);
  const [uploading, setUploading] = useState(false);
  const busy = add.isPending || update.isPending;
  const form = useZodForm(representativeSchema, {
    defaultValues: {
      name: rep?.name ?? '',
      title: rep?.title ?? '',
      email: rep?.email ?? '',
      phone: rep?.phone ?? '',
      website: rep?.website ?? '',
      profile_picture_url: rep?.profile_picture_url ?? '',
      license_number: rep?.license_number ?? '',
      license_state: rep?.license_state ?? '',
      years_experience: rep?.years_experience ? String(rep.years_experience) : '',
      specialties: (rep?.specialties ?? []).join(', '),
      location: rep?.location ?? '',
    },
  });
  const label = (f: FieldName) => t(`vendorProfile.reps.fields.${f}`);
  const submit = form.handleSubmit(async (v: RepresentativeValues) => {
    const body = { ...v, years_experience: v.years_experience === '' ? 0 : Number(v.years_experience), specialties: splitList(v.specialties) };
    try {
      if (rep) await update.mutateAsync({ id: rep.id, body });
      else await add.mutateAsync(body);
      toast({ title: t('vendorProfile.reps.saved'), variant: 'success' });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      for (const f of fields) form.setError((FIELDS as readonly string[]).includes(f.field) ? (f.field as FieldName) : 'name', { type: SERVER_ERROR, message: f.message });
      if (fields.length === 0) toast({ title: t('vendorProfile.failed'), description: err instanceof ApiError ? err.message : undefined, variant: 'error' });
    }
  });
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-2xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading
        titleId={titleId}
        title={rep ? t('vendorProfile.reps.editHeading', { name: rep.name }) : t('vendorProfile.reps.addHeading')}
        intro={t('vendorProfile.reps.formIntro')}
        closeLabel={t('vendorProfile.cancel')}
        onClose={onClose}
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-4" aria-busy={busy}>
        <Controller
          control={form.control}
          name="profile_picture_url"
          render={({ field, fieldState }) => (
            <ImageUpload
              label={label('profile_picture_url')}
              hint={t('vendorProfile.reps.photoHint')}
              shape="round"
              value={field.value}
              onChange={field.onChange}
              vendorId={vendorId}
              error={errorText(fieldState.error, label('profile_picture_url'))}
              onBusy={setUploading}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="name" label={label('name')} required autoComplete="off" />
          <FormTextField form={form} name="title" label={label('title')} />
          <FormTextField form={form} name="email" label={label('email')} type="email" inputMode="email" />
          <FormTextField form={form} name="phone" label={label('phone')} type="tel" inputMode="tel" />
          <FormTextField form={form} name="website" label={label('website')} type="url" inputMode="url" placeholder="https://" />
          <FormTextField form={form} name="license_number" label={label('license_number')} />
          <PlainSelect label={label('license_state')} error={errorText(form.formState.errors.license_state, label('license_state'))} {...form.register('license_state')}>
            <option value="">{t('vendorProfile.reps.noState')}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </PlainSelect>
          <FormTextField form={form} name="years_experience" label={label('years_experience')} inputMode="numeric" />
          <FormTextField form={form} name="location" label={label('location')} />
        </div>
        <FormTextField form={form} name="specialties" label={label('specialties')} hint={t('vendorProfile.reps.specialtiesHint')} />
        <FormActions secondaryLabel={t('vendorProfile.cancel')} onSecondary={onClose} submitLabel={t('vendorProfile.save')} busyLabel={t('vendorProfile.saving')} busy={busy} submitDisabled={uploading} />
      </form>
    </Modal>
  );
}
