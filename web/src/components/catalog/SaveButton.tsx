import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';
import type { components } from '../../lib/api/schema';
import { useSaveActions } from './saveActions';

type ServiceCard = components['schemas']['Card'];

/** The save heart: toggles saved and unsaved; signed-out visitors get the sign-in toast (02§5). */
export function SaveButton({ card, title }: { card: ServiceCard; title: string }) {
  const { t } = useTranslation();
  const { isSaved, toggleSave, viewer } = useSaveActions();
  const saved = isSaved(card.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t('marketplace.save.button', { title })}
      disabled={viewer.status === 'loading'}
      onClick={() => void toggleSave(card)}
      className={cn(
        'tap-target flex size-9 items-center justify-center rounded-pill border border-border bg-surface/95 shadow-card transition-colors hover:bg-surface',
        'relative disabled:cursor-not-allowed disabled:opacity-60',
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved ? 'fill-danger text-danger' : 'text-fg-muted')} />
    </button>
  );
}
