import { matchRoutes, type RouteObject } from 'react-router';
import { apiAccessKinds, type ApiAccess, type OperationId, type ScreenAccess } from '../../lib/api/access.gen';
import type { Viewer } from '../../lib/session';

/**
 * Who may open a screen: the web side of the API's x-circle-access (docs/adr/0006-access.md),
 * generated from the API document's levels. visitor: anyone; user: signed in; the roles: their
 * holders and administrators.
 */
export type { ScreenAccess };

/** What the guard shows: the screen, the route spinner, the sign-in prompt or the 403 screen. */
export type AccessDecision = 'open' | 'loading' | 'sign-in' | 'forbidden';

/** The sign-in prompt's copy (i18n keys) where a screen's spec text says why to sign in. */
export interface SignInCopy {
  /** The prompt's first line; "Please sign in" when not given. */
  headline?: string;
  /** What signing in gives here; "You need to be signed in to open this page." when not given. */
  body?: string;
}

/** The route's handle: every route of the table declares its access there. */
export interface ScreenHandle {
  access: ScreenAccess;
  /** The API operations the screen cannot open without; its access must be theirs. */
  uses: readonly OperationId[];
  /** A screen with no data of its own (the admin not-found screen): no operations to name. */
  noData?: boolean;
  signIn?: SignInCopy;
}

/** The screen level an API level asks for: owners and verified users are signed-in users. */
export function screenLevelOf(level: ApiAccess): ScreenAccess {
  switch (apiAccessKinds[level]) {
    case 'public':
      return 'visitor';
    case 'signed-in':
    case 'owner':
      return 'user';
    case 'role':
      return level === 'verified' ? 'user' : (level as ScreenAccess);
  }
}

/** Whether the viewer holds the role itself (the user menu shows a role's areas to its holders). */
export function holdsRole(v: Viewer, role: Exclude<ScreenAccess, 'visitor' | 'user'>): boolean {
  if (v.status !== 'signed-in') return false;
  switch (role) {
    case 'pro':
      return v.isPro;
    case 'creator':
      return v.isCreator;
    case 'vendor':
      return v.isVendor;
    case 'admin':
      return v.isAdmin;
    case 'support':
      return v.isSupport;
  }
}

/** The access rule, the same as the server's: administrators may open every screen. */
export function decideAccess(v: Viewer, access: ScreenAccess): AccessDecision {
  if (access === 'visitor') return 'open';
  if (v.status === 'loading') return 'loading';
  if (v.status === 'signed-out') return 'sign-in';
  if (access === 'user' || v.isAdmin || holdsRole(v, access)) return 'open';
  return 'forbidden';
}

/** The declared access of the screen a path opens (undefined when no route matches). */
export function accessOfPath(routes: RouteObject[], path: string): ScreenAccess | undefined {
  const matches = matchRoutes(routes, path);
  const handle = matches?.[matches.length - 1]?.route.handle as ScreenHandle | undefined;
  return handle?.access;
}
