import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** The JSON body of one documented response of one operation. */
export type ResponseBody<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number | 'default' = 200,
> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: infer C }
      ? C[keyof C]
      : never
    : never
  : never;

/**
 * The one API client of the web app: typed from the committed OpenAPI document, same origin.
 * fetch is looked up on every call so tests can stub it.
 */
export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  fetch: (request: Request) => globalThis.fetch(request),
  credentials: 'same-origin',
});

export interface ApiFieldError {
  field: string;
  key: string;
  message: string;
}

/** An error answer of the API (code, message, field errors, request id) or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ApiFieldError[];
  readonly requestId?: string;

  constructor(status: number, body: unknown, fallbackMessage: string) {
    const b = isRecord(body) ? body : {};
    super(typeof b.message === 'string' && b.message ? b.message : fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof b.code === 'string' ? b.code : status === 0 ? 'network' : 'internal';
    this.fields = Array.isArray(b.fields) ? (b.fields as ApiFieldError[]) : [];
    this.requestId = typeof b.request_id === 'string' ? b.request_id : undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Turns an openapi-fetch result into its data, throwing ApiError for an error answer. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (err) {
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  if (!result.response.ok || result.data === undefined) {
    throw new ApiError(result.response.status, result.error, result.response.statusText || `HTTP ${result.response.status}`);
  }
  return result.data;
}
