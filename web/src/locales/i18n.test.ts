import { describe, expect, it } from 'vitest';
import { loadAllResources, LANGUAGES } from '../lib/i18n';

import { SCREEN_AREAS, wordsChunk } from './screenAreas';
import type { Tree } from './tree';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function variables(s: string): string[] {
  return [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const resources = await loadAllResources();
const en = flatten(resources.en);

// Every source file except tests and generated types, as text.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

// Every English file, whether it is bundled with the app or in the screens' chunk.
const englishFiles = Object.keys(import.meta.glob('./en/*.json')).map((f) => /([^/]+)\.json$/.exec(f)?.[1] ?? f);

describe('F-APP-06 translations', () => {
  it('bundles each English file once: with the app, or in the screens chunk', async () => {
    const bundled = Object.keys((await import('./en')).default);
    const screens = [...SCREEN_AREAS];
    // A screen area is bundled only through its route titles ({area}.titles.json).
    const titled = englishFiles.filter((f) => f.endsWith('.titles')).map((f) => f.replace(/\.titles$/, ''));
    expect(titled.filter((f) => !screens.includes(f)), 'titles files of areas bundled whole').toEqual([]);
    expect(bundled.filter((f) => screens.includes(f)).sort()).toEqual([...titled].sort());
    expect([...new Set([...bundled, ...screens])].sort()).toEqual(englishFiles.filter((f) => !f.endsWith('.titles')).sort());
    // The marketplace's own words never wait for a download.
    for (const area of ['common', 'marketplace', 'detail', 'cart', 'auth', 'support', 'concierge']) expect(bundled).toContain(area);
  });

  it('has the same files in every language, each in its chunk: first-visit words or the screens', () => {
    for (const lang of ['es', 'fr']) {
      const files = Object.keys(import.meta.glob('./*/*.json'))
        .filter((f) => f.startsWith(`./${lang}/`))
        .map((f) => /([^/]+)\.json$/.exec(f)?.[1]);
      expect(files.sort(), lang).toEqual([...englishFiles].sort());
    }
    expect(wordsChunk('/w/src/locales/es/marketplace.json')).toBe('es');
    expect(wordsChunk('/w/src/locales/fr/vendorFunnel.json')).toBe('fr-screens');
    expect(wordsChunk('/w/src/locales/en/vendorFunnel.json')).toBe('en-screens');
    expect(wordsChunk('/w/src/locales/en/marketplace.json')).toBeNull();
    expect(wordsChunk('/w/src/locales/es/admin.json')).toBe('es-screens');
    expect(wordsChunk('/w/src/locales/es/admin.titles.json')).toBe('es');
    expect(wordsChunk('/w/src/locales/en/admin.titles.json')).toBeNull();
    expect(wordsChunk('/w/src/lib/i18n.ts')).toBeNull();
  });

  it('bundles English, Spanish and French', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'es', 'fr']);
    for (const l of LANGUAGES) expect(resources[l.code], l.code).toBeDefined();
    expect(en.size).toBeGreaterThan(100);
  });

  for (const lang of ['es', 'fr'] as const) {
    it(`every English key exists in ${lang}, and no other`, () => {
      const other = flatten(resources[lang]);
      const missing = [...en.keys()].filter((k) => !other.has(k));
      const extra = [...other.keys()].filter((k) => !en.has(k));
      expect(missing, `keys missing in ${lang}`).toEqual([]);
      expect(extra, `keys only in ${lang}`).toEqual([]);
    });

    it(`${lang} strings are non-empty and use the same {{variables}} as English`, () => {
      const other = flatten(resources[lang]);
      for (const [k, v] of en) {
        const o = other.get(k);
        if (o === undefined) continue;
        expect(o.trim(), `${lang}:${k} is empty`).not.toBe('');
        expect(variables(o), `${lang}:${k} variables`).toEqual(variables(v));
      }
    });

    // Single words are often the same in both languages (Total, Services, Coaching); a phrase of
    // two words or more left as English was forgotten (issue 32 item 11). Names with Circle in
    // them are the product's and stay.
    it(`${lang} has no phrase left in English`, () => {
      const sameOnPurpose = new Set(['p95 ms', 'Services (catalogue)', 'X (Twitter)', 'US$ USD', 'C$ CAD']);
      const other = flatten(resources[lang]);
      const english = [...en].filter(([k, v]) => {
        if (other.get(k) !== v || v.includes('Circle') || sameOnPurpose.has(v)) return false;
        return v.replace(/\{\{[^}]*\}\}/g, '').split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length >= 2;
      });
      expect(english.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    });
  }

  it('every key literal in the source exists in English', () => {
    const namespaces = new Set(Object.keys(resources.en));
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const m of text.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)['"`]/g)) {
        const key = m[1] ?? '';
        if (namespaces.has(key.split('.')[0] ?? '')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    // i18next resolves t('a.b', { count }) to a.b_one / a.b_other, so plural forms count as the key.
    const exists = (k: string) => en.has(k) || en.has(`${k}_other`) || [...en.keys()].some((e) => e.startsWith(`${k}.`));
    const unknown = [...used].filter((k) => !exists(k));
    expect(unknown).toEqual([]);
  });
});
