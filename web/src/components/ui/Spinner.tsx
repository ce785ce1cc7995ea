import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-8 rounded-pill border-4 border-primary-soft border-t-primary motion-safe:animate-spin',
        className,
      )}
    />
  );
}

/** Shown while a lazy screen loads. */
export function RouteSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
