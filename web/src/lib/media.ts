import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ResponseBody } from './api/client';

/** The caller's library as the API answers it (GET /api/media). */
export type MediaLibrary = ResponseBody<'/api/media', 'get'>;
/** One uploaded file with its addresses. */
export type MediaItem = NonNullable<MediaLibrary['files']>[number];
/** image, video or document. */
export type MediaKind = MediaItem['kind'];

/** Every kind, in the order the uploader names them. */
export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'document'];

/** 03§2 / "Uploads and funnel defaults": an uploader takes 5 files unless told otherwise; the funnel editor 20. */
export const DEFAULT_MAX_FILES = 5;
export const FUNNEL_MAX_FILES = 20;

/**
 * The server's size limits (internal/media/service.go); the server decides by the file's
 * bytes, the browser only refuses what could never pass before sending it.
 */
export const MAX_BYTES: Record<MediaKind, number> = { image: 10 << 20, document: 25 << 20, video: 50 << 20 };
export const MAX_UPLOAD_BYTES = MAX_BYTES.video;

/** What the file chooser offers per kind (a hint only: the server reads the bytes). */
export const ACCEPT: Record<MediaKind, string> = {
  image: 'image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif',
  video: 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm',
  document: 'application/pdf,.pdf,.doc,.docx,.ppt,.pptx',
};

const KEY = ['media'] as const;

/** The caller's uploaded files, newest first, with the library's limit and the kinds they may upload. */
export function mediaLibraryQuery() {
  return queryOptions({
    queryKey: [...KEY, 'library'] as const,
    staleTime: 30 * 1000,
    queryFn: ({ signal }) => unwrap(api.GET('/api/media', { signal })),
  });
}

/** Delete one of the caller's files (every size); the library refreshes after. */
export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    // 204 has no body, which unwrap would take for a failure: the status alone answers.
    mutationFn: async (id: string) => {
      const result = await api.DELETE('/api/media/{id}', { params: { path: { id } } }).catch((err: unknown) => {
        throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
      });
      if (!result.response.ok) throw new ApiError(result.response.status, result.error, result.response.statusText);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Marks the library stale after an upload made outside react-query (the XHR below). */
export function useRefreshMedia() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: KEY });
}

export interface UploadOptions {
  vendorId?: string;
  /** The kinds this upload may be (a logo: image); the server refuses another kind naming file. */
  accept?: readonly MediaKind[];
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file (POST /api/media, multipart field file) with XMLHttpRequest, whose upload
 * events give the progress fetch cannot. Resolves to the stored file; rejects with ApiError
 * (status 0 for a network failure or an abort).
 */
export function uploadMedia(file: File, opts: UploadOptions = {}): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseJSON(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        opts.onProgress?.(1);
        resolve(body as MediaItem);
        return;
      }
      reject(new ApiError(xhr.status, body, xhr.statusText || `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, { code: 'aborted' }, 'Upload cancelled'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    if (opts.vendorId) form.append('vendor_id', opts.vendorId);
    if (opts.accept?.length) form.append('accept', opts.accept.join(','));
    xhr.send(form);
  });
}

function parseJSON(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** The kinds of a list the API answers, in the uploader's order (unknown words dropped). */
export function mediaKinds(list: readonly string[] | null | undefined): MediaKind[] {
  return MEDIA_KINDS.filter((k) => (list ?? []).includes(k));
}

/** A byte count as the list shows it: 820 B, 14 KB, 3.2 MB. */
export function formatBytes(n: number, locale = 'en'): string {
  const fmt = (v: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  if (n >= 1 << 20) return `${fmt(Math.ceil((n * 10) / (1 << 20)) / 10, 1)} MB`;
  if (n >= 1 << 10) return `${fmt(Math.round(n / (1 << 10)), 0)} KB`;
  return `${fmt(n, 0)} B`;
}

/** A stored file's address (GET /api/media/{id}/file), as the pictures of a listing save it. */
const ADDRESS = /^\/api\/media\/[^/?#]+\/file$/;

/**
 * The address of one size of an uploaded picture: the marketplace card's 800x450 crop (card),
 * the page's 1600x900 (detail), a logo's or photo's 128x128 square (thumb, for avatars up to
 * 56 px). Any other address (a demo path, an external URL, a size already chosen) is returned as
 * it is. The server's first screen makes the same addresses (media.Sized).
 */
export function mediaSize(url: string, size: 'card' | 'detail' | 'thumb'): string {
  return ADDRESS.test(url) ? `${url}?variant=${size}` : url;
}
