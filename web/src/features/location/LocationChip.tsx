import { MapPin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../lib/session';

const LocationDialog = lazy(() => import('./LocationDialog'));

/** The header's location chip (03§2 location picker): the profile's "City, ST", or Set location; opens the location dialog. Signed-in users only. */
export function LocationChip() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (viewer.status !== 'signed-in' || !viewer.profile) return null;
  const where = viewer.profile.location?.trim();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={where ? t('engage.location.chipLabel', { location: where }) : t('engage.location.chip')}
        data-testid="location-chip"
        className="flex h-10 max-w-40 items-center gap-1.5 rounded-control px-2 text-sm font-medium text-fg-muted hover:bg-surface-sunken hover:text-fg"
      >
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="truncate max-lg:sr-only">{where || t('engage.location.chip')}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LocationDialog profile={viewer.profile} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
