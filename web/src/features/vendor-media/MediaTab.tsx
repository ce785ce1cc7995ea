import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '../../components/media/MediaUploader';
import { RetryAlert } from '../../components/ui/RetryAlert';
import { mediaKinds, mediaLibraryQuery, type MediaItem } from '../../lib/media';

/**
 * /vendor-dashboard?tab=media: the vendor's media library (F-ENG-05) — every file they
 * uploaded, with the shared uploader to add, view, download and remove files. The funnel
 * editor and the registration logo use the same uploader on their own lists.
 */
export function MediaTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const headingId = useId();
  const library = useQuery(mediaLibraryQuery());
  if (library.isPending) {
    return (
      <div aria-busy="true" aria-label={t('uploads.library.loading')} className="flex flex-col gap-3">
        <div className="h-7 w-48 rounded-control bg-surface-sunken motion-safe:animate-pulse" />
        <div className="h-32 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
        <div className="h-16 rounded-card bg-surface-sunken motion-safe:animate-pulse" />
      </div>
    );
  }
  if (library.isError) {
    return (
      <RetryAlert tone="plain" message={t('uploads.library.loadError')} retryLabel={t('uploads.library.retry')} onRetry={() => void library.refetch()} messageClassName="text-fg" />
    );
  }
  const data = library.data;
  const files = data.files ?? [];
  const onChange = (next: MediaItem[]) => {
    qc.setQueryData(mediaLibraryQuery().queryKey, { ...data, files: [...next].reverse().sort((a, b) => b.created_at.localeCompare(a.created_at)) });
    void qc.invalidateQueries({ queryKey: mediaLibraryQuery().queryKey });
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {t('uploads.library.heading')}
        </h2>
        <p className="text-sm text-fg-muted">{t('uploads.library.intro')}</p>
      </div>
      <MediaUploader value={files} onChange={onChange} max={data.limit} accept={mediaKinds(data.kinds)} />
      {files.length === 0 && <p className="text-sm text-fg-muted">{t('uploads.library.empty')}</p>}
    </section>
  );
}
