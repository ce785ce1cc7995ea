import { useQuery } from '@tanstack/react-query';
import { RefreshCw, UserRound, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../../components/form/LabelledControl';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { RouteSpinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api/client';
import { useViewer } from '../../lib/session';
import { toast } from '../../lib/toast';
import { FieldErrorMessage, FormTextField, inputClass, useErrorText } from '../../components/form/Field';
import { SERVER_ERROR } from '../../components/form/messages';
import { useZodForm } from '../../components/form/useZodForm';
import { profileQuery, resetProfileFetcher, type Profile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import {
  addSpecialty,
  CA_PROVINCES,
  changedFields,
  displayableImage,
  MAX_SPECIALTIES,
  US_STATES,
  profileSchema,
  type ProfileField,
  type ProfileForm,
} from './validation';

function formOf(p: Profile): ProfileForm {
  return {
    display_name: p.display_name ?? '',
    business_name: p.business_name ?? '',
    avatar_url: p.avatar_url ?? '',
    specialties: p.specialties ?? [],
    phone: p.phone ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    zip_code: p.zip_code ?? '',
  };
}

const LABEL_KEYS: Record<ProfileField, string> = {
  display_name: 'profile.fields.displayName',
  business_name: 'profile.fields.businessName',
  avatar_url: 'profile.fields.avatarUrl',
  specialties: 'profile.fields.specialties',
  phone: 'profile.fields.phone',
  city: 'profile.fields.city',
  state: 'profile.fields.state',
  zip_code: 'profile.fields.zip',
};

/** /profile-settings and /profile: the signed-in user's own profile (spec 01§2, 03§5). */
export default function ProfileSettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const q = useQuery(profileQuery(viewer.profile?.user_id, viewer.isAdmin));

  if (viewer.status === 'loading') return <RouteSpinner />;
  if (q.isPending) return <ProfileSkeleton />;
  if (q.isError || !q.data) {
    return (
      <Notice
        tone="danger"
        icon={<UserRound className="size-6" />}
        title={t('profile.title')}
        actions={
          <Button
            onClick={() => {
              resetProfileFetcher();
              void q.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('profile.retry')}
          </Button>
        }
      >
        <p>{t('profile.loadFailed')}</p>
      </Notice>
    );
  }
  return <ProfileFormView key={q.data.updated_at} profile={q.data} />;
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10" role="status" aria-label={t('common.loading')}>
      <div className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6 shadow-card md:p-8">
        <div className="h-8 w-56 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2">
            <div className="h-4 w-32 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
            <div className="h-11 w-full rounded-control bg-surface-sunken motion-safe:animate-pulse" />
          </div>
        ))}
      </div>
    </div>
  );
}

function ProfileFormView({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const saveProfile = useUpdateProfile();
  const saved = formOf(profile);
  const form = useZodForm(profileSchema, { defaultValues: saved, shouldFocusError: false });
  const { errors } = form.formState;
  const errorText = useErrorText();
  const specialties = form.watch('specialties');
  const busy = saveProfile.isPending;
  const [tag, setTag] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const stateId = useId();
  const tagId = useId();

  const label = (f: ProfileField) => t(LABEL_KEYS[f]);
  // The tags and the state select are not registered inputs: they set the value, and an edit
  // clears the server's error on the field as typing does in the text fields.
  const clearServerError = (field: 'specialties' | 'state') => {
    if (errors[field]?.type === SERVER_ERROR) form.clearErrors(field);
  };
  const setSpecialties = (list: string[]) => {
    form.setValue('specialties', list);
    clearServerError('specialties');
  };

  function focusFirstInvalid() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function commitTag() {
    if (!tag.trim()) return;
    setSpecialties(addSpecialty(specialties, tag));
    setTag('');
  }

  function onTagKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commitTag();
    } else if (e.key === 'Backspace' && !tag && specialties.length > 0) {
      setSpecialties(specialties.slice(0, -1));
    }
  }

  async function save(current: ProfileForm) {
    const update = changedFields(saved, current);
    if (Object.keys(update).length === 0) {
      toast({ title: t('profile.noChanges') });
      return;
    }
    try {
      await saveProfile.mutateAsync(update);
      toast({ title: t('profile.saved'), variant: 'success' });
    } catch (err) {
      const byField: Partial<Record<ProfileField, string>> = {};
      if (err instanceof ApiError) {
        for (const f of err.fields) {
          if (f.field in LABEL_KEYS && !byField[f.field as ProfileField]) byField[f.field as ProfileField] = f.message;
        }
      }
      for (const [field, message] of Object.entries(byField) as [ProfileField, string][]) {
        form.setError(field, { type: SERVER_ERROR, message });
      }
      toast({
        title: t('profile.saveFailed'),
        description: Object.keys(byField).length > 0 ? t('profile.fixErrors') : err instanceof Error ? err.message : undefined,
        variant: 'error',
      });
      if (Object.keys(byField).length > 0) focusFirstInvalid();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // A tag typed but not yet added counts as added.
    const pendingTag = tag.trim();
    if (pendingTag) {
      form.setValue('specialties', addSpecialty(specialties, pendingTag));
      setTag('');
    }
    void form.handleSubmit(save, () => {
      toast({ title: t('profile.fixErrors'), variant: 'error' });
      focusFirstInvalid();
    })(e);
  }

  const specialtiesError = errorText(errors.specialties, label('specialties'));
  const stateError = errorText(errors.state, label('state'));
  const avatar = form.watch('avatar_url').trim();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6 shadow-card md:p-8"
      >
        <div className="flex items-center gap-4">
          <span
            className={cn(
              'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-pill bg-primary-soft text-primary',
              viewer.isPro ? 'ring-2 ring-pro ring-offset-2' : undefined,
            )}
          >
            {displayableImage(avatar) ? (
              <img src={avatar} alt={t('profile.avatarPreview')} className="size-full object-cover" />
            ) : (
              <UserRound aria-hidden="true" className="size-8" />
            )}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h1 id={headingId} className="text-2xl font-bold tracking-tight text-fg">
              {t('profile.title')}
            </h1>
            <p className="text-sm text-fg-muted">{t('profile.subtitle')}</p>
          </div>
        </div>

        <dl className="grid gap-1 rounded-control bg-surface-muted p-3 text-sm">
          <dt className="font-medium text-fg">{t('profile.fields.email')}</dt>
          <dd className="text-fg-muted">{profile.email}</dd>
        </dl>

        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField
            form={form}
            editClearsServerError
            label={label('display_name')}
            name="display_name"
            autoComplete="name"
            required
          />
          <FormTextField
            form={form}
            editClearsServerError
            label={label('business_name')}
            name="business_name"
            autoComplete="organization"
          />
          <FormTextField
            form={form}
            editClearsServerError
            className="md:col-span-2"
            label={label('avatar_url')}
            name="avatar_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint={t('profile.avatarHint')}
          />
        </div>

        <LabelledControl id={tagId} label={label('specialties')}>
          {specialties.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={label('specialties')}>
              {specialties.map((s) => (
                <li
                  key={s}
                  className="flex items-center gap-1 rounded-pill bg-primary-soft py-1 pr-1 pl-3 text-sm text-primary-strong"
                >
                  {s}
                  <button
                    type="button"
                    aria-label={t('profile.removeSpecialty', { name: s })}
                    onClick={() => setSpecialties(specialties.filter((x) => x !== s))}
                    className="rounded-pill p-1 hover:bg-surface"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex gap-2">
            <input
              id={tagId}
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              onKeyDown={onTagKey}
              aria-invalid={specialtiesError ? true : undefined}
              aria-describedby={`${tagId}-hint${specialtiesError ? ` ${tagId}-error` : ''}`}
              disabled={specialties.length >= MAX_SPECIALTIES}
              className={cn(inputClass, specialtiesError ? 'border-danger' : 'border-border-strong')}
            />
            <Button variant="secondary" onClick={commitTag} disabled={!tag.trim()} className="h-11">
              {t('profile.addSpecialty')}
            </Button>
          </div>
          <p id={`${tagId}-hint`} className="text-xs text-fg-muted">
            {t('profile.specialtiesHint', { n: MAX_SPECIALTIES })}
          </p>
          {specialtiesError ? <FieldErrorMessage id={`${tagId}-error`}>{specialtiesError}</FieldErrorMessage> : null}
        </LabelledControl>

        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField
            form={form}
            editClearsServerError
            label={label('phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
          />
          <FormTextField
            form={form}
            editClearsServerError
            label={label('city')}
            name="city"
            autoComplete="address-level2"
          />
          <LabelledControl id={stateId} label={label('state')}>
            <select
              id={stateId}
              name="state"
              autoComplete="address-level1"
              value={form.watch('state').toUpperCase()}
              onChange={(e) => {
                form.setValue('state', e.target.value);
                clearServerError('state');
              }}
              aria-invalid={stateError ? true : undefined}
              aria-describedby={stateError ? `${stateId}-error` : undefined}
              className={cn(inputClass, stateError ? 'border-danger' : 'border-border-strong')}
            >
              <option value="">{t('profile.stateNone')}</option>
              <optgroup label={t('profile.stateGroups.us')}>
                {US_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('profile.stateGroups.ca')}>
                {CA_PROVINCES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </optgroup>
            </select>
            {stateError ? <FieldErrorMessage id={`${stateId}-error`}>{stateError}</FieldErrorMessage> : null}
          </LabelledControl>
          <FormTextField
            form={form}
            editClearsServerError
            label={label('zip_code')}
            name="zip_code"
            autoComplete="postal-code"
            inputMode="numeric"
          />
        </div>

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
