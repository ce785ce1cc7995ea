import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { operationAccess, type ScreenAccess } from '../../lib/api/access.gen';
import { routes } from '../routes';
import { screenLevelOf, type ScreenHandle } from './access';

// F-AUTH-09: a screen's access is the access of the API operations it is built on, so the web
// never shows a screen to someone the server refuses, nor hides one from someone it serves.
// The levels come from the API document (x-circle-access, generated into access.gen.ts).

const RANK: Record<ScreenAccess, number> = { visitor: 0, user: 1, pro: 2, creator: 2, vendor: 2, support: 2, admin: 3 };

function handles(list: RouteObject[], out: Array<[string, ScreenHandle]> = []): Array<[string, ScreenHandle]> {
  for (const r of list) {
    if (r.handle) out.push([r.path ?? '(layout)', r.handle as ScreenHandle]);
    if (r.children) handles(r.children, out);
  }
  return out;
}

/** The level the operations ask for together, or an error naming two roles that cannot both hold. */
function strictestLevel(ops: readonly (keyof typeof operationAccess)[]): ScreenAccess | string {
  let level: ScreenAccess = 'visitor';
  for (const op of ops) {
    const next = screenLevelOf(operationAccess[op]);
    if (RANK[next] === RANK[level] && next !== level) return `${op} asks for ${next}, another operation for ${level}`;
    if (RANK[next] > RANK[level]) level = next;
  }
  return level;
}

describe('screen access agrees with the API document', () => {
  const all = handles(routes);

  it('names a known operation for every operation a screen uses', () => {
    const unknown = all.flatMap(([path, h]) => h.uses.filter((op) => !(op in operationAccess)).map((op) => `${path}: ${op}`));
    expect(unknown).toEqual([]);
  });

  it('gives every screen the access of the operations it uses', () => {
    const disagreements = all
      .filter(([, h]) => h.uses.length > 0)
      .map(([path, h]) => [path, h.access, strictestLevel(h.uses)] as const)
      .filter(([, access, level]) => access !== level)
      .map(([path, access, level]) => `${path}: the screen is ${access}, its operations ${level}`);
    expect(disagreements).toEqual([]);
  });

  it('names the operations of every screen that is not open to everyone, screens without data aside', () => {
    const silent = all.filter(([, h]) => h.access !== 'visitor' && !h.noData && h.uses.length === 0).map(([path]) => path);
    expect(silent).toEqual([]);
  });

  it('finds a disagreement when a screen is less strict than its operations', () => {
    expect(strictestLevel(['admin-outbox'])).toBe('admin');
    expect(strictestLevel(['get-billing', 'billing-plans'])).toBe('user');
    expect(strictestLevel(['list-vendor-copay-requests', 'get-copay-audit-pack'])).toBe('vendor');
    expect(strictestLevel(['copay-partners', 'list-vendor-copay-requests'])).toMatch(/asks for/);
  });
});
