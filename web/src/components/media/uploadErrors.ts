import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';

/** Server refusal keys (internal/media) and the messages the uploaders show for them. */
const ERROR_KEYS: Record<string, string> = {
  'media.type': 'uploads.errors.type',
  'media.damaged': 'uploads.errors.damaged',
  'media.too_large': 'uploads.errors.tooLarge',
  'media.empty': 'uploads.errors.empty',
  'media.kind_not_allowed': 'uploads.errors.kindNotAllowed',
  'media.kind_not_accepted': 'uploads.errors.kindNotAccepted',
  'media.library_full': 'uploads.errors.libraryFull',
  'media.vendor': 'uploads.errors.vendor',
};

/**
 * Why an upload failed, in the reader's language: the server's refusal by its key (type read
 * from the bytes, size, kind, library), a visitor's 'User not authenticated' (03§8), a cancel,
 * a dropped connection. Shared by the media uploader and the single-picture uploader.
 */
export function useUploadReason(max?: number): (err: unknown) => string {
  const { t } = useTranslation();
  return (err: unknown) => {
    if (err instanceof ApiError) {
      if (err.status === 401) return t('uploads.errors.signIn');
      if (err.code === 'aborted') return t('uploads.errors.cancelled');
      const key = err.fields[0]?.key;
      if (key && ERROR_KEYS[key]) return t(ERROR_KEYS[key], { max });
      if (err.status === 413) return t('uploads.errors.tooLarge');
      if (err.status === 0) return t('uploads.errors.network');
    }
    return t('uploads.errors.generic');
  };
}
