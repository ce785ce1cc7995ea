import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LocateFixed } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialogHeading } from '../../components/form/FormDialog';
import { PlainInput, PlainSelect } from '../../components/form/PlainField';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ApiError } from '../../lib/api/client';
import { updateViewerProfile, type ViewerProfile } from '../../lib/session';
import { toast } from '../../lib/toast';
import { reverseGeocode, saveLocation } from './api';
import { currentPosition } from './geolocation';

export const US_STATE_CODES = (
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA ' +
  'WA WV WI WY'
).split(' ');

const ZIP = /^[0-9]{5}(-[0-9]{4})?$/;

type Errors = Partial<Record<'city' | 'state' | 'zip_code', string>>;

/** The manual form's rules (03§5): city required, at least 2 characters; state one of the 50 codes; ZIP optional, 5 digits or 5+4. */
export function checkLocation(city: string, state: string, zip: string): Errors {
  const e: Errors = {};
  const c = city.trim();
  if (!c) e.city = 'cityRequired';
  else if (c.length < 2) e.city = 'cityMin';
  else if (c.length > 100) e.city = 'cityMax';
  if (!state) e.state = 'stateRequired';
  else if (!US_STATE_CODES.includes(state)) e.state = 'stateInvalid';
  if (zip.trim() && !ZIP.test(zip.trim())) e.zip_code = 'zipInvalid';
  return e;
}

/**
 * The location dialog (03§2, F-ENG-08): detect the position (browser geolocation, then the
 * server's reverse geocoder) to fill the form, or enter city, state and ZIP by hand; Save
 * writes them to the profile, which drives the vendors' location filter and the header chip.
 */
export default function LocationDialog({ profile, onClose }: { profile: ViewerProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [city, setCity] = useState(profile.city ?? '');
  const [state, setState] = useState(US_STATE_CODES.includes(profile.state ?? '') ? (profile.state ?? '') : '');
  const [zip, setZip] = useState(profile.zip_code ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [found, setFound] = useState<string | null>(null);
  const [detecting, setDetecting] = useState(false);

  const save = useMutation({
    mutationFn: () => saveLocation({ city: city.trim(), state, zip_code: zip.trim() || undefined }),
    onSuccess: (next) => {
      updateViewerProfile(queryClient, next);
      toast({ title: t('engage.location.savedTitle'), description: t('engage.location.savedBody', { location: next.location }), variant: 'success' });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        const e: Errors = {};
        for (const f of err.fields) {
          const key = f.key.startsWith('location.') ? f.key.slice('location.'.length) : undefined;
          if (f.field === 'city' || f.field === 'state' || f.field === 'zip_code') e[f.field] = key ?? f.message;
        }
        setErrors(e);
        return;
      }
      toast({ title: t('engage.location.saveFailed'), description: err.message, variant: 'error' });
    },
  });

  async function detect() {
    setDetecting(true);
    setFound(null);
    try {
      const pos = await currentPosition();
      if (!pos.ok) {
        toast(
          pos.reason === 'unsupported'
            ? { title: t('engage.location.notSupportedTitle'), description: t('engage.location.notSupportedBody'), variant: 'error' }
            : { title: t('engage.location.deniedTitle'), description: t('engage.location.deniedBody'), variant: 'error' },
        );
        return;
      }
      try {
        const place = await reverseGeocode(pos.lat, pos.lng);
        setCity(place.city);
        setState(place.state);
        if (place.zip_code) setZip(place.zip_code);
        setErrors({});
        setFound(t('engage.location.found', { city: place.city, state: place.state }));
      } catch {
        toast({ title: t('engage.location.deniedTitle'), description: t('engage.location.lookupFailed'), variant: 'error' });
      }
    } finally {
      setDetecting(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const found = checkLocation(city, state, zip);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  const msg = (k?: string) => (k ? (k.includes(' ') ? k : t(`engage.location.errors.${k}`)) : undefined);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="max-sm:p-4">
      <FormDialogHeading titleId={titleId} title={t('engage.location.title')} intro={t('engage.location.intro')} closeLabel={t('engage.location.cancel')} onClose={onClose} />
      <div className="mt-5 flex flex-col gap-2">
        <Button variant="secondary" onClick={() => void detect()} disabled={detecting} className="w-full">
          <LocateFixed aria-hidden="true" className="size-4" />
          {detecting ? t('engage.location.detecting') : t('engage.location.auto')}
        </Button>
        <p role="status" className="min-h-5 text-sm text-fg">
          {found}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-4 border-t border-border pt-4" aria-label={t('engage.location.manual')}>
        <p className="text-sm font-semibold text-fg">{t('engage.location.manual')}</p>
        <PlainInput label={t('engage.location.city')} required value={city} onChange={(e) => setCity(e.target.value)} error={msg(errors.city)} autoComplete="address-level2" />
        <div className="grid gap-4 sm:grid-cols-2">
          <PlainSelect label={t('engage.location.state')} required value={state} onChange={(e) => setState(e.target.value)} error={msg(errors.state)}>
            <option value="">{t('engage.location.statePlaceholder')}</option>
            {US_STATE_CODES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </PlainSelect>
          <PlainInput
            label={t('engage.location.zip')}
            value={zip}
            onChange={(e) => setZip(e.target.value)}
            error={msg(errors.zip_code)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
          />
        </div>
        <FormActions
          divided={false}
          secondaryLabel={t('engage.location.cancel')}
          onSecondary={onClose}
          submitLabel={t('engage.location.save')}
          busyLabel={t('engage.location.saving')}
          busy={save.isPending}
        />
      </form>
    </Modal>
  );
}
