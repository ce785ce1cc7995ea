import { api } from '../../../lib/api/client';
import { FLAG_NAMES, getFeatureFlags } from '../../../lib/flags';
import i18n, { LANGUAGES, loadLanguage, type Language } from '../../../lib/i18n';
import { CheckFailed, expect, type QaCheck } from './runner';

/** Unwraps an openapi-fetch answer into its data, failing with the status and the server's message. */
async function call<T>(p: Promise<{ data?: T; error?: unknown; response: Response }>, what: string): Promise<T> {
  const { data, error, response } = await p;
  if (error !== undefined || data === undefined) {
    const msg = typeof error === 'object' && error && 'detail' in error ? String((error as { detail: unknown }).detail) : '';
    throw new CheckFailed(`${what}: HTTP ${response.status}${msg ? ` ${msg}` : ''}`);
  }
  return data;
}

/** The marketplace's first listed service, read once per run by the checks that need one. */
function firstServiceOf(signal: AbortSignal) {
  return call(api.GET('/api/marketplace/services', { params: { query: { page_size: 25 } }, signal }), 'GET /api/marketplace/services').then((p) => {
    const s = p.services?.[0];
    expect(s, 'the marketplace lists no service');
    return s;
  });
}

/** Every leaf key of a translation tree ("a.b.c"). */
export function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * The app's own health and journey checks, in the order they run. Each calls the real server
 * (or the real translation chunks) and can fail; none changes data.
 */
export const QA_CHECKS: readonly QaCheck[] = [
  {
    id: 'liveness',
    run: async (signal) => {
      const r = await fetch('/healthz', { cache: 'no-store', signal });
      expect(r.ok, `GET /healthz: HTTP ${r.status}`);
      return `GET /healthz: HTTP ${r.status}`;
    },
  },
  {
    id: 'readiness',
    run: async (signal) => {
      const r = await call(api.GET('/readyz', { cache: 'no-store', signal }), 'GET /readyz');
      const failed = (r.checks ?? []).filter((c) => !c.ok).map((c) => c.name);
      expect(failed.length === 0, `not ready: ${failed.join(', ')}`);
      return `${r.status}, database ${r.database}, schema ${r.schema_version}, version ${r.version}`;
    },
  },
  {
    id: 'selfTest',
    run: async (signal) => {
      const r = await call(api.POST('/api/admin/command-center/self-test', { signal }), 'POST /api/admin/command-center/self-test');
      const failed = (r.checks ?? []).filter((c) => !c.ok);
      expect(r.ok && failed.length === 0, `failed: ${failed.map((c) => `${c.name} (${c.error})`).join(', ')}`);
      return (r.checks ?? []).map((c) => `${c.name} ${c.ms.toFixed(0)} ms`).join(', ');
    },
  },
  {
    id: 'session',
    run: async (signal) => {
      const r = await call(api.GET('/api/auth/session', { signal }), 'GET /api/auth/session');
      expect(r.profile?.user_id, 'no signed-in profile');
      const left = Date.parse(r.session.expires_at) - Date.now();
      expect(left > 0, `session expired at ${r.session.expires_at}`);
      return `${r.profile.email ?? r.profile.user_id}, session ends in ${Math.round(left / 60000)} min`;
    },
  },
  {
    id: 'flags',
    run: async (signal) => {
      const c = await call(api.GET('/api/config', { signal }), 'GET /api/config');
      expect(typeof c.marketplace_enabled === 'boolean' && typeof c.top_deals_enabled === 'boolean', 'the configuration has no marketplace switches');
      const flags = getFeatureFlags();
      const unreadable = FLAG_NAMES.filter((n) => typeof flags[n] !== 'boolean');
      expect(unreadable.length === 0, `unreadable flags: ${unreadable.join(', ')}`);
      const on = FLAG_NAMES.filter((n) => flags[n]);
      return `server: marketplace ${c.marketplace_enabled ? 'on' : 'off'}, top deals ${c.top_deals_enabled ? 'on' : 'off'}; browser flags on: ${on.join(', ') || 'none'}`;
    },
  },
  {
    id: 'marketplace',
    run: async (signal) => {
      const d = await call(api.GET('/api/marketplace/data', { signal }), 'GET /api/marketplace/data');
      const first = d.first_page?.services?.length ?? 0;
      expect(d.services_count > 0 && first > 0, `the snapshot lists ${d.services_count} services`);
      return `${d.services_count} services, ${d.vendors_count} vendors, first page ${first}, built ${d.generated_at}`;
    },
  },
  {
    id: 'serviceDetail',
    run: async (signal) => {
      const s = await firstServiceOf(signal);
      const d = await call(api.GET('/api/services/{id}', { params: { path: { id: s.id } }, signal }), `GET /api/services/${s.id}`);
      expect(d.service.id === s.id, `asked for ${s.id}, got ${d.service.id}`);
      return `${d.service.title} (${s.id})`;
    },
  },
  {
    id: 'search',
    run: async (signal) => {
      const s = await firstServiceOf(signal);
      const word = s.title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4) ?? s.title;
      const p = await call(api.GET('/api/marketplace/services', { params: { query: { q: word } }, signal }), 'GET /api/marketplace/services?q=');
      expect(p.total > 0, `"${word}" found nothing`);
      return `"${word}": ${p.total} results`;
    },
  },
  {
    id: 'cartQuote',
    run: async (signal) => {
      const c = await call(api.GET('/api/cart', { signal }), 'GET /api/cart');
      expect(Number.isInteger(c.subtotal.cents) && c.subtotal.cents >= 0, `subtotal ${String(c.subtotal.cents)} is not whole cents`);
      expect((c.items ?? []).length === c.line_count, `${c.line_count} lines counted, ${(c.items ?? []).length} listed`);
      return `${c.line_count} lines, subtotal ${c.subtotal.display} (${c.subtotal.cents} cents, ${c.subtotal.currency})`;
    },
  },
  {
    id: 'translations',
    run: async () => {
      await loadLanguage('en', { screens: true });
      const en = new Set(leafKeys(i18n.getResourceBundle('en', 'translation')));
      expect(en.size > 0, 'no English words loaded');
      const parts = [`en ${en.size} keys`];
      for (const { code } of LANGUAGES) {
        if (code === 'en') continue;
        await loadLanguage(code as Language, { screens: true });
        const other = new Set(leafKeys(i18n.getResourceBundle(code, 'translation')));
        const missing = [...en].filter((k) => !other.has(k));
        expect(missing.length === 0, `${code} misses ${missing.length} keys, e.g. ${missing.slice(0, 3).join(', ')}`);
        parts.push(`${code} ${other.size} keys`);
      }
      return parts.join(', ');
    },
  },
];
