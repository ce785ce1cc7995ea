import { Download, Eye, FileText, Film, Trash2, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import {
  ACCEPT,
  DEFAULT_MAX_FILES,
  formatBytes,
  MAX_UPLOAD_BYTES,
  MEDIA_KINDS,
  uploadMedia,
  useDeleteMedia,
  type MediaItem,
  type MediaKind,
} from '../../lib/media';
import { buttonClass } from '../ui/button';
import { UploadProgress } from './UploadProgress';
import { useUploadReason } from './uploadErrors';
import { cn } from '../ui/cn';
import { CloseButton } from '../ui/CloseButton';

export interface MediaUploaderProps {
  /** The files already uploaded (the parent keeps them: a funnel's media, a vendor's logo, a library). */
  value: MediaItem[];
  /** Called with the new list after an upload finishes or a file is removed. */
  onChange: (items: MediaItem[]) => void;
  /** How many files the list may hold: 5 by default, 20 in the funnel editor (03§2). */
  max?: number;
  /** The kinds this uploader takes (every kind by default); the server checks the bytes. */
  accept?: readonly MediaKind[];
  /** The vendor the files are for, when the caller owns several. */
  vendorId?: string;
  /**
   * delete (default): Remove deletes the file from the library. detach: Remove only takes it
   * out of this list (a funnel drops a picture the library keeps).
   */
  removeMode?: 'delete' | 'detach';
  /** The drop zone's label; "Upload files" by default. */
  label?: string;
  /**
   * Places of `max` taken by files the parent lists itself (a lesson's files, which it shows with
   * their titles): they count toward the limit and the "n of max files" line, but are not listed here.
   */
  taken?: number;
  disabled?: boolean;
  className?: string;
}

interface Pending {
  key: string;
  name: string;
  size: number;
  /** 0..1; shown from 10% as the spec's "in progress (10%)". */
  progress: number;
  abort: AbortController;
}

let nextKey = 0;

/**
 * The media uploader of 03§2, shared by the vendor's media library, the funnel editor and
 * vendor registration's logo: drag and drop or choose files; each file is its own request
 * (XMLHttpRequest, for the upload progress); the list shows name, size, progress, view,
 * download and remove. More files than `max` are refused with 'Maximum N files allowed'
 * (03§5); a failed upload leaves the list and says why (03§8: Failed to upload {file}).
 */
export function MediaUploader({
  value,
  onChange,
  max = DEFAULT_MAX_FILES,
  accept = MEDIA_KINDS,
  vendorId,
  removeMode = 'delete',
  label,
  taken = 0,
  disabled = false,
  className,
}: MediaUploaderProps) {
  const { t, i18n } = useTranslation();
  const base = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [errors, setErrors] = useState<{ key: number; text: string }[]>([]);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const deleteFile = useDeleteMedia();
  const reason = useUploadReason(max);
  // The latest list: uploads finishing in the same tick each add to what the one before left.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const pendingRef = useRef<Pending[]>([]);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  // Uploads still running when the uploader goes away are cancelled.
  useEffect(() => () => pendingRef.current.forEach((p) => p.abort.abort()), []);

  const used = value.length + pending.length + taken;
  const full = used >= max;
  const off = disabled || full;
  const lang = i18n.resolvedLanguage ?? 'en';
  const size = (n: number) => formatBytes(n, lang);

  const fail = (text: string) => {
    setErrors((e) => [...e, { key: nextKey++, text }]);
    setStatus(text);
  };

  const start = (files: File[]) => {
    if (files.length === 0 || disabled) return;
    setErrors([]);
    if (used + files.length > max) {
      fail(t('uploads.uploader.max', { max }));
      return;
    }
    for (const file of files) {
      if (file.size > MAX_UPLOAD_BYTES) {
        fail(t('uploads.uploader.failedReason', { file: file.name, reason: t('uploads.errors.tooLarge') }));
        continue;
      }
      const p: Pending = { key: `${base}-${nextKey++}`, name: file.name, size: file.size, progress: 0.1, abort: new AbortController() };
      setPending((list) => [...list, p]);
      setStatus(t('uploads.uploader.uploading', { file: file.name }));
      uploadMedia(file, {
        vendorId,
        accept: accept.length === MEDIA_KINDS.length ? undefined : accept,
        signal: p.abort.signal,
        onProgress: (f) => setPending((list) => list.map((x) => (x.key === p.key ? { ...x, progress: Math.max(0.1, f) } : x))),
      }).then(
        (item) => {
          setPending((list) => list.filter((x) => x.key !== p.key));
          const next = [...valueRef.current, item];
          valueRef.current = next;
          onChange(next);
          setStatus(t('uploads.uploader.uploaded', { file: file.name }));
        },
        (err: unknown) => {
          setPending((list) => list.filter((x) => x.key !== p.key));
          fail(t('uploads.uploader.failedReason', { file: file.name, reason: reason(err) }));
        },
      );
    }
  };

  const choose = () => {
    if (!off) inputRef.current?.click();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose();
    }
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) start(Array.from(e.dataTransfer.files));
  };

  const remove = async (item: MediaItem) => {
    setErrors([]);
    if (removeMode === 'delete') {
      setRemoving(item.id);
      try {
        await deleteFile.mutateAsync(item.id);
      } catch (err) {
        // Already gone counts as removed; anything else keeps the file listed.
        if (!(err instanceof ApiError && err.status === 404)) {
          setRemoving(null);
          fail(t('uploads.uploader.removeFailed', { file: item.name }));
          return;
        }
      }
      setRemoving(null);
    }
    const next = valueRef.current.filter((x) => x.id !== item.id);
    valueRef.current = next;
    onChange(next);
    setStatus(t('uploads.uploader.removed', { file: item.name }));
  };

  const hintId = `${base}-hint`;
  const labelId = `${base}-label`;
  const kinds = accept.map((k) => t(`uploads.limits.${k}`)).join(' ');
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div
        role="button"
        tabIndex={off ? -1 : 0}
        aria-disabled={off || undefined}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="media-dropzone"
        onClick={choose}
        onKeyDown={onKey}
        onDragEnter={(e) => {
          e.preventDefault();
          if (!off) setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          dragging ? 'border-primary bg-primary-soft' : 'border-border-strong bg-surface hover:bg-surface-sunken',
          off && 'cursor-not-allowed opacity-60',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-primary" />
        <span id={labelId} className="font-medium text-fg">
          {label ?? t('uploads.uploader.label')}
        </span>
        <span className="text-sm text-fg-muted">
          {full ? t('uploads.uploader.full') : t('uploads.uploader.drop')}
        </span>
        <span id={hintId} className="text-xs text-fg-muted">
          {kinds} {t('uploads.uploader.count', { count: used, max })}
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple={max - used > 1}
        accept={accept.map((k) => ACCEPT[k]).join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="media-input"
        onChange={(e) => {
          start(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {errors.length > 0 && (
        <div role="alert" className="flex items-start gap-2 rounded-control border border-danger bg-danger-soft px-3 py-2 text-sm text-danger-strong">
          <ul className="flex min-w-0 flex-1 flex-col gap-1">
            {errors.map((e) => (
              <li key={e.key} className="break-words">
                {e.text}
              </li>
            ))}
          </ul>
          <CloseButton label={t('uploads.uploader.dismiss')} onClick={() => setErrors([])} className="shrink-0 rounded-control p-1 hover:bg-surface" />
        </div>
      )}
      {(value.length > 0 || pending.length > 0) && (
        <ul aria-label={t('uploads.uploader.listLabel')} className="flex flex-col divide-y divide-border rounded-card border border-border">
          {value.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="media-item">
              <Thumb item={item} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium text-fg" title={item.name}>
                  {item.name}
                </span>
                <span className="text-xs text-fg-muted">
                  {t(`uploads.kinds.${item.kind}`)} · {size(item.size)}
                </span>
              </div>
              <div className="flex items-center gap-1">
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('uploads.uploader.viewNamed', { file: item.name })}
                  className={buttonClass('ghost', 'sm', 'min-h-11 sm:min-h-8')}
                >
                  <Eye aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">{t('uploads.uploader.view')}</span>
                </a>
                <a
                  href={item.url}
                  download={item.name}
                  aria-label={t('uploads.uploader.downloadNamed', { file: item.name })}
                  className={buttonClass('ghost', 'sm', 'min-h-11 sm:min-h-8')}
                >
                  <Download aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">{t('uploads.uploader.download')}</span>
                </a>
                <button
                  type="button"
                  onClick={() => void remove(item)}
                  disabled={disabled || removing === item.id}
                  aria-label={t('uploads.uploader.removeNamed', { file: item.name })}
                  className={buttonClass('ghost', 'sm', 'min-h-11 text-danger sm:min-h-8')}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">{t('uploads.uploader.remove')}</span>
                </button>
              </div>
            </li>
          ))}
          {pending.map((p) => {
            const percent = Math.round(p.progress * 100);
            return (
              <li key={p.key} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="media-pending">
                <div className="flex size-12 shrink-0 items-center justify-center rounded-control bg-surface-sunken">
                  <Upload aria-hidden="true" className="size-5 text-fg-muted" />
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="truncate text-sm font-medium text-fg" title={p.name}>
                    {p.name}
                  </span>
                  <UploadProgress percent={percent} file={p.name} trackClassName="bg-surface-sunken" />
                  <span className="text-xs text-fg-muted">
                    {size(p.size)} · {percent}%
                  </span>
                </div>
                <button
                  type="button"
                  onClick={() => p.abort.abort()}
                  aria-label={t('uploads.uploader.cancelNamed', { file: p.name })}
                  className={buttonClass('ghost', 'sm', 'min-h-11 sm:min-h-8')}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Thumb({ item }: { item: MediaItem }) {
  if (item.kind === 'image' && item.card_url) {
    return <img src={item.card_url} alt="" loading="lazy" decoding="async" className="size-12 shrink-0 rounded-control bg-surface-sunken object-cover" />;
  }
  const Icon = item.kind === 'video' ? Film : FileText;
  return (
    <div className="flex size-12 shrink-0 items-center justify-center rounded-control bg-surface-sunken">
      <Icon aria-hidden="true" className="size-5 text-fg-muted" />
    </div>
  );
}
