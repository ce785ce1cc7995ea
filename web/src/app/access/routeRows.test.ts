import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, ROUTES } from '../../../e2e/support/routes';
import { routes } from '../routes';
import { accessOfPath } from './access';

// Issue 32 acceptance: a browser test walks the whole route table as every role
// (e2e/app-phone-journeys.spec.ts). Its rows (e2e/support/routes.ts) carry each screen's access,
// which decides what a role must see there (the screen, the sign-in prompt or the access screen):
// they must be the route table's, and together they must reach every route of it.

/** The route paths of the table, layouts and the catch-all aside. */
function paths(list: RouteObject[], out: string[] = []): string[] {
  for (const r of list) {
    if (r.path && r.path !== '*') out.push(r.path);
    if (r.children) paths(r.children, out);
  }
  return out;
}

/**
 * Routes the walk leaves out: each opens one member's own row (a certificate, a lesson or quiz of
 * an enrolment, a ticket, a request, a consultation) or a back-office record, whose screen for any
 * other id is that screen's own "not found"; their journeys cover them.
 */
const NOT_WALKED: Record<string, string> = {
  '/academy/certificates/:id': 'e2e/academy.spec.ts',
  '/academy/:slug/lessons/:lessonId': 'e2e/academy.spec.ts',
  '/academy/:slug/quiz': 'e2e/academy.spec.ts',
  '/academy/:slug/edit': 'e2e/academy-authoring.spec.ts',
  '/admin/users/:id': 'e2e/admin-users.spec.ts',
  '/admin/vendors/:id': 'e2e/admin-vendors.spec.ts',
  '/admin/services/:id': 'e2e/admin-catalog.spec.ts',
  '/support/tickets/:id': 'e2e/support-desk.spec.ts',
  '/contact/requests/:id': 'e2e/help-contact.spec.ts',
  '/consultation-prep/:consultationId': 'e2e/consult-more.spec.ts',
};

const rows = [...ROUTES, ...APP_ROUTES];
const routeOf = (path: string) => {
  const m = matchRoutes(routes, path.split('?')[0]!);
  return m?.[m.length - 1]?.route.path;
};

describe('the route walk covers the route table with its access', () => {
  it("gives every row its route's declared access", () => {
    const declared = (r: (typeof rows)[number]) => accessOfPath(routes, r.path.split('?')[0]!);
    const wrong = rows.filter((r) => declared(r) !== r.access).map((r) => `${r.path}: ${r.access}, the table says ${declared(r)}`);
    expect(wrong).toEqual([]);
  });

  it('reaches every route of the table but the ones named as left out', () => {
    const reached = new Set(rows.map((r) => routeOf(r.path)));
    const missing = paths(routes).filter((p) => !reached.has(p) && !(p in NOT_WALKED));
    expect(missing).toEqual([]);
    // A row that falls to the catch-all would walk the not-found screen.
    expect(rows.filter((r) => routeOf(r.path) === '*').map((r) => r.path)).toEqual([]);
  });

  it('leaves out only routes that exist', () => {
    expect(Object.keys(NOT_WALKED).filter((p) => !paths(routes).includes(p))).toEqual([]);
  });
});
