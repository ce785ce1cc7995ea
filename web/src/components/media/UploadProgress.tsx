import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';

/** A file's upload progress bar, named after the file; trackClassName: the track's colour against what it sits on. */
export function UploadProgress({ percent, file, trackClassName }: { percent: number; file: string; trackClassName: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={t('uploads.uploader.progress', { file })}
      className={cn('h-2 w-full overflow-hidden rounded-full', trackClassName)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
