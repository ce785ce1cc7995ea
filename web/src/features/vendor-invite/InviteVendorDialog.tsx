import { useMutation } from '@tanstack/react-query';
import { Briefcase, Home, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialogHeading, FormDialogSignIn } from '../../components/form/FormDialog';
import { PlainInput, PlainSelect, PlainTextArea } from '../../components/form/PlainField';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { inviteVendor } from './api';
import { CATEGORIES, checkInvite, EMPTY_INVITE, SERVER_KEYS, type FieldErrors, type InviteForm, type VendorKind } from './rules';

/**
 * Invite Your Vendor (03§2, F-ENG-04, F-CAT-04): the vendor-type step (marketing or settlement),
 * then the form with the rules and messages of 03§5; Back and Invite Vendor (Inviting... while
 * busy); the form resets on success or on Back.
 */
export default function InviteVendorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useViewer();
  const [kind, setKind] = useState<VendorKind | null>(null);
  const [form, setForm] = useState<InviteForm>(EMPTY_INVITE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [specialty, setSpecialty] = useState('');

  const reset = () => {
    setForm(EMPTY_INVITE);
    setErrors({});
    setServerErrors({});
    setBanner(null);
    setSpecialty('');
  };

  const send = useMutation({
    mutationFn: () =>
      inviteVendor({
        vendor_type: kind ?? 'marketing',
        name: form.name.trim(),
        category: form.category,
        description: form.description || undefined,
        contact_email: form.contact_email.trim(),
        phone: form.phone || undefined,
        website_url: form.website_url || undefined,
        location: form.location || undefined,
        logo_url: form.logo_url || undefined,
        years_experience: form.years_experience.trim() ? Number(form.years_experience) : undefined,
        specialties: form.specialties.length ? form.specialties : undefined,
        service_states: form.service_states || undefined,
        service_radius_miles: form.service_radius_miles.trim() ? Number(form.service_radius_miles) : undefined,
        mls_areas: form.mls_areas || undefined,
      }),
    onSuccess: (res) => {
      // An open invitation of the caller's to this address is answered again, and not re-sent (issue 27).
      const name = form.name.trim();
      toast(
        res.existing
          ? { title: t('engage.invite.alreadyTitle'), description: t('engage.invite.alreadyBody', { name }), variant: 'success' }
          : { title: t('engage.invite.successTitle'), description: t('engage.invite.successBody', { name }), variant: 'success' },
      );
      reset();
      setKind(null);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        const fe: FieldErrors = {};
        const se: Record<string, string> = {};
        for (const f of err.fields) {
          const key = SERVER_KEYS[f.key];
          if (key) fe[f.field] = key;
          else se[f.field] = f.message;
        }
        setErrors(fe);
        setServerErrors(se);
        setBanner(t('engage.invite.errors.fix'));
        return;
      }
      toast({ title: t('engage.invite.failedTitle'), description: err.message || t('engage.invite.failedBody'), variant: 'error' });
    },
  });

  const set = (k: keyof InviteForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (k: string) => (errors[k] ? t(`engage.invite.errors.${errors[k]}`) : serverErrors[k]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!kind || send.isPending) return;
    const found = checkInvite(kind, form);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      const onlyRequired = Object.values(found).every((v) => v === 'required');
      setBanner(onlyRequired ? t('engage.invite.errors.required') : t('engage.invite.errors.fix'));
      return;
    }
    setBanner(null);
    send.mutate();
  }

  function addSpecialty(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const s = specialty.trim();
    if (s && !form.specialties.some((x) => x.toLowerCase() === s.toLowerCase())) {
      setForm((f) => ({ ...f, specialties: [...f.specialties, s] }));
    }
    setSpecialty('');
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-h-[92vh] max-w-2xl! overflow-y-auto max-sm:p-4">
      <FormDialogHeading titleId={titleId} title={t('engage.invite.title')} intro={t('engage.invite.intro')} closeLabel={t('engage.refer.cancel')} onClose={onClose} />

      {viewer.status === 'signed-out' ? (
        <FormDialogSignIn text={t('engage.invite.signIn')} onClose={onClose} />
      ) : kind === null ? (
        <fieldset className="mt-5 flex flex-col gap-3">
          <legend className="mb-3 text-base font-semibold text-fg">{t('engage.invite.typeQuestion')}</legend>
          {(['marketing', 'settlement'] as const).map((k) => (
            <button
              key={k}
              type="button"
              onClick={() => setKind(k)}
              className="flex items-start gap-3 rounded-card border border-border bg-surface p-4 text-left hover:border-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
                {k === 'marketing' ? <Briefcase className="size-5" /> : <Home className="size-5" />}
              </span>
              <span>
                <span className="block font-semibold text-fg">{t(`engage.invite.types.${k}.title`)}</span>
                <span className="block text-sm text-fg-muted">{t(`engage.invite.types.${k}.body`)}</span>
              </span>
            </button>
          ))}
        </fieldset>
      ) : (
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4" aria-busy={send.isPending}>
          <p className="text-sm font-medium text-primary-strong">{t(`engage.invite.types.${kind}.title`)}</p>
          {banner ? (
            <div role="alert" className="rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong">
              {banner}
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <PlainInput label={t('engage.invite.fields.name')} required value={form.name} onChange={set('name')} error={err('name')} autoComplete="organization" />
            <PlainSelect label={t('engage.invite.fields.category')} required value={form.category} onChange={set('category')} error={err('category')}>
              <option value="">{t('engage.invite.fields.categoryPlaceholder')}</option>
              {CATEGORIES[kind].map((c) => (
                <option key={c} value={c}>
                  {t(`engage.categories.${c}`, { defaultValue: c })}
                </option>
              ))}
            </PlainSelect>
            <PlainInput
              label={t('engage.invite.fields.contactEmail')}
              required
              type="email"
              value={form.contact_email}
              onChange={set('contact_email')}
              error={err('contact_email')}
              autoComplete="email"
            />
            <PlainInput label={t('engage.invite.fields.phone')} type="tel" value={form.phone} onChange={set('phone')} error={err('phone')} autoComplete="tel" />
            <PlainInput label={t('engage.invite.fields.websiteUrl')} type="url" value={form.website_url} onChange={set('website_url')} error={err('website_url')} placeholder="https://" />
            <PlainInput label={t('engage.invite.fields.location')} value={form.location} onChange={set('location')} error={err('location')} />
            <PlainInput label={t('engage.invite.fields.logoUrl')} type="url" value={form.logo_url} onChange={set('logo_url')} error={err('logo_url')} placeholder="https://" />
            <PlainInput
              label={t('engage.invite.fields.yearsExperience')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={form.years_experience}
              onChange={set('years_experience')}
              error={err('years_experience')}
            />
          </div>
          <PlainTextArea label={t('engage.invite.fields.description')} value={form.description} onChange={set('description')} error={err('description')} maxLength={1000} />
          <div className="flex flex-col gap-2">
            <PlainInput
              label={t('engage.invite.fields.specialties')}
              hint={t('engage.invite.fields.specialtiesHint')}
              value={specialty}
              onChange={(e) => setSpecialty(e.target.value)}
              onKeyDown={addSpecialty}
              error={err('specialties')}
              maxLength={50}
            />
            {form.specialties.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label={t('engage.invite.fields.specialties')}>
                {form.specialties.map((s) => (
                  <li key={s} className="inline-flex items-center gap-1 rounded-pill bg-primary-soft py-0.5 pr-1 pl-2.5 text-sm text-primary-strong">
                    {s}
                    <button
                      type="button"
                      onClick={() => setForm((f) => ({ ...f, specialties: f.specialties.filter((x) => x !== s) }))}
                      aria-label={t('engage.invite.fields.removeSpecialty', { name: s })}
                      className="flex size-6 items-center justify-center rounded-pill hover:bg-primary/10"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <PlainInput
              label={t('engage.invite.fields.serviceStates')}
              hint={t('engage.invite.fields.serviceStatesHint')}
              value={form.service_states}
              onChange={set('service_states')}
              error={err('service_states')}
              placeholder="TX, CA"
            />
            <PlainInput
              label={t('engage.invite.fields.serviceRadius')}
              type="number"
              inputMode="numeric"
              min={1}
              value={form.service_radius_miles}
              onChange={set('service_radius_miles')}
              error={err('service_radius_miles')}
            />
          </div>
          <PlainInput label={t('engage.invite.fields.mlsAreas')} value={form.mls_areas} onChange={set('mls_areas')} error={err('mls_areas')} />
          <FormActions
            spread
            secondaryLabel={t('engage.invite.back')}
            onSecondary={() => {
              reset();
              setKind(null);
            }}
            submitLabel={t('engage.invite.submit')}
            busyLabel={t('engage.invite.submitting')}
            busy={send.isPending}
          />
        </form>
      )}
    </Modal>
  );
}
