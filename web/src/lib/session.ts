import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ResponseBody } from './api/client';

/** GET /api/auth/session: the signed-in profile with the roles the server decided. */
export type SessionAnswer = ResponseBody<'/api/auth/session', 'get'>;
export type ViewerProfile = SessionAnswer['profile'];

export const sessionQueryKey = ['auth', 'session'] as const;

/** Reads the current session; a 401 means a visitor (not an error). */
export async function getSession(): Promise<SessionAnswer | null> {
  try {
    return await unwrap(api.GET('/api/auth/session'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 30_000,
});

/** Who is looking at the page (spec 01§6). Features use this; the auth feature keeps it fresh. */
export interface Viewer {
  status: 'loading' | 'signed-out' | 'signed-in';
  profile?: ViewerProfile;
  isAdmin: boolean;
  isPro: boolean;
  isVendor: boolean;
  isCreator: boolean;
}

export function toViewer(answer: SessionAnswer | null | undefined, loading: boolean): Viewer {
  if (loading && answer === undefined) {
    return { status: 'loading', isAdmin: false, isPro: false, isVendor: false, isCreator: false };
  }
  if (!answer) return { status: 'signed-out', isAdmin: false, isPro: false, isVendor: false, isCreator: false };
  const p = answer.profile;
  return {
    status: 'signed-in',
    profile: p,
    isAdmin: p.is_admin_effective,
    isPro: p.is_pro_effective,
    isVendor: p.vendor_enabled,
    isCreator: p.is_creator || p.is_staff,
  };
}

export function useViewer(): Viewer {
  const q = useQuery(sessionQuery);
  return toViewer(q.data, q.isLoading);
}
