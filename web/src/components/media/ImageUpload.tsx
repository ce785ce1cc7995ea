import { ImageIcon, ImageUp, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT, MAX_BYTES, mediaSize, uploadMedia, useDeleteMedia } from '../../lib/media';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { UploadProgress } from './UploadProgress';
import { useUploadReason } from './uploadErrors';
import { CloseButton } from '../ui/CloseButton';

export interface ImageUploadProps {
  /** The picture's address ('' for none): an uploaded file's /api/media/{id}/file, or a URL saved before. */
  value: string;
  /** Called with the stored file's address after an upload, or '' when the picture is removed. */
  onChange: (url: string) => void;
  /** What the picture is (Logo, Photo, Service picture): the group's name. */
  label: string;
  /** A line under the label (what the picture is used for). */
  hint?: string;
  /** square: a logo; round: a person's photo; wide: a 16:9 service picture (shown in its card size). */
  shape?: 'square' | 'round' | 'wide';
  /** The vendor the picture is for, when the caller owns several. */
  vendorId?: string;
  /** A field error of the form (the server's words). */
  error?: string;
  disabled?: boolean;
  /** Called with true while a file is uploading (a form waits before saving). */
  onBusy?: (busy: boolean) => void;
}

interface Pending {
  name: string;
  preview: string;
  progress: number;
  abort: AbortController;
}

/**
 * One picture of a form (a logo, a representative's photo, a service's picture), uploaded
 * through the media service (F-ENG-05): choose or drop an image, its progress over a preview of
 * the chosen file, then the stored picture (re-encoded and resized on the server, photo
 * location data removed); Replace and Remove. The form saves the stored file's address.
 *
 * A file uploaded here and then replaced or removed before the form is saved is deleted from
 * the library (nothing points at it); the picture the form opened with is only taken off the
 * form, since the saved record still shows it until the form is saved.
 */
export function ImageUpload({ value, onChange, label, hint, shape = 'square', vendorId, error, disabled = false, onBusy }: ImageUploadProps) {
  const { t } = useTranslation();
  const base = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState('');
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const [brokenSrc, setBrokenSrc] = useState('');
  const reason = useUploadReason();
  const deleteFile = useDeleteMedia();
  // Addresses uploaded by this uploader, not yet saved by the form: safe to delete when dropped.
  const uploadedHere = useRef(new Set<string>());
  const pendingRef = useRef<Pending | null>(null);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  // The form's value when an upload ends (it may have changed while the file went out).
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  // An upload still running when the form closes is cancelled; its preview released.
  useEffect(
    () => () => {
      pendingRef.current?.abort.abort();
    },
    [],
  );
  useEffect(() => {
    onBusy?.(pending !== null);
  }, [pending, onBusy]);

  const drop = (url: string) => {
    if (!uploadedHere.current.has(url)) return;
    uploadedHere.current.delete(url);
    const id = /^\/api\/media\/([^/?#]+)\/file$/.exec(url)?.[1];
    // Best effort: a file left behind stays in the vendor's library, where it can be removed.
    if (id) deleteFile.mutate(id, { onError: () => undefined });
  };

  const start = (file: File | undefined) => {
    if (!file || disabled || pending) return;
    setFailure('');
    if (file.size > MAX_BYTES.image) {
      const text = t('uploads.uploader.failedReason', { file: file.name, reason: t('uploads.errors.tooLarge') });
      setFailure(text);
      setStatus(text);
      return;
    }
    const p: Pending = { name: file.name, preview: URL.createObjectURL(file), progress: 0.1, abort: new AbortController() };
    setPending(p);
    setStatus(t('uploads.uploader.uploading', { file: file.name }));
    const finish = () => {
      URL.revokeObjectURL(p.preview);
      setPending(null);
    };
    uploadMedia(file, {
      vendorId,
      accept: ['image'],
      signal: p.abort.signal,
      onProgress: (f) => setPending((x) => (x && x.abort === p.abort ? { ...x, progress: Math.max(0.1, f) } : x)),
    }).then(
      (item) => {
        finish();
        const previous = valueRef.current;
        uploadedHere.current.add(item.url);
        onChange(item.url);
        drop(previous);
        setStatus(t('uploads.uploader.uploaded', { file: file.name }));
      },
      (err: unknown) => {
        finish();
        const text = t('uploads.uploader.failedReason', { file: file.name, reason: reason(err) });
        setFailure(text);
        setStatus(text);
      },
    );
  };

  const remove = () => {
    setFailure('');
    const previous = value;
    onChange('');
    drop(previous);
    setStatus(t('uploads.image.removed', { label }));
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files[0]);
  };

  const labelId = `${base}-label`;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const shown = pending?.preview ?? (value && brokenSrc !== value ? (shape === 'wide' ? mediaSize(value, 'card') : value) : '');
  const percent = pending ? Math.round(pending.progress * 100) : 0;
  const frame = shape === 'wide' ? 'aspect-video w-full max-w-xs' : shape === 'round' ? 'size-24 rounded-full' : 'size-24 rounded-card';
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
      className="flex flex-col gap-2"
      data-testid="image-upload"
      onDragEnter={(e) => {
        e.preventDefault();
        if (!disabled && !pending) setDragging(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span id={labelId} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div className={cn('flex gap-4', shape === 'wide' ? 'flex-col sm:flex-row sm:items-start' : 'items-start')}>
        <div
          className={cn(
            'relative flex shrink-0 items-center justify-center overflow-hidden border bg-surface-sunken',
            shape === 'wide' && 'rounded-card',
            frame,
            dragging ? 'border-2 border-dashed border-primary' : error ? 'border-danger' : 'border-border',
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt={pending ? '' : t('uploads.image.previewAlt', { label })}
              className={cn('size-full', shape === 'square' ? 'object-contain' : 'object-cover', pending && 'opacity-60')}
              onError={() => !pending && setBrokenSrc(value)}
              data-testid="image-upload-preview"
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-fg-muted" />
          )}
          {pending ? (
            <div className="absolute inset-x-2 bottom-2">
              <UploadProgress percent={percent} file={pending.name} trackClassName="bg-surface" />
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {pending ? (
              <Button type="button" variant="secondary" size="sm" onClick={() => pending.abort.abort()} aria-label={t('uploads.uploader.cancelNamed', { file: pending.name })}>
                <X aria-hidden="true" className="size-4" />
                {t('uploads.image.cancel', { percent })}
              </Button>
            ) : (
              <Button type="button" variant="secondary" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()} aria-label={t(value ? 'uploads.image.replaceNamed' : 'uploads.image.chooseNamed', { label })}>
                <ImageUp aria-hidden="true" className="size-4" />
                {value ? t('uploads.image.replace') : t('uploads.image.choose')}
              </Button>
            )}
            {value && !pending ? (
              <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={remove} aria-label={t('uploads.image.removeNamed', { label })} className="text-danger">
                <Trash2 aria-hidden="true" className="size-4" />
                {t('uploads.image.remove')}
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-fg-muted">
            {hint ? `${hint} ` : ''}
            {t('uploads.image.hint')}
          </p>
          {error ? (
            <p id={errorId} className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          {failure ? (
            <div role="alert" className="flex items-start gap-2 rounded-control border border-danger bg-danger-soft px-3 py-2 text-sm text-danger-strong">
              <span className="min-w-0 flex-1 break-words">{failure}</span>
              <CloseButton label={t('uploads.uploader.dismiss')} onClick={() => setFailure('')} className="shrink-0 rounded-control p-1 hover:bg-surface" />
            </div>
          ) : null}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT.image}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-upload-input"
        onChange={(e) => {
          start(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
