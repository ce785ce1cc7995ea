/**
 * The translation files of the screens behind a click (the vendor dashboard's tabs and forms, the
 * back office's tools, the academy...), in every language. Their words are a chunk of their own
 * per language ({lang}-screens), loaded before such a screen renders (lib/i18n.ts
 * loadScreenWords; app/Screen.tsx waits for them), so the marketplace's JavaScript does not carry
 * them (budget: 250 KB) and a Spanish or French first visit downloads only the words a first
 * visit can show. No route title may be in these files: a screen names itself (document title,
 * sign-in prompt, error panel) before they arrive, so an area's route titles (and any word a
 * component outside its screens shows) are in {area}.titles.json, with the first-visit words.
 * The English bundle (locales/en/index.ts) leaves exactly these out (locales/i18n.test.ts).
 */
export const SCREEN_AREAS: readonly string[] = [
  'academy',
  'accounting',
  'admin',
  'adminTools',
  'adminCatalog',
  'consultDemo',
  'adminNotFound',
  'affiliates',
  'creators',
  'desk',
  'formRules',
  'integrations',
  'lender',
  'ministry',
  'partnerPay',
  'richText',
  'uploads',
  'vendorAnalytics',
  'vendorCopay',
  'vendorFunnel',
  'vendorOverview',
  'vendorProfile',
  'vendorRegistration',
  'vendorServices',
];

/**
 * The language and area of a translation file's path (…/locales/{lang}/{area}.json), and whether
 * it holds the screens' words (a screen area's file; its titles file does not).
 */
export function wordsFile(path: string): { lang: string; area: string; screens: boolean } | null {
  const m = /locales[\\/](\w+)[\\/](\w+)(\.titles)?\.json$/.exec(path);
  return m?.[1] && m[2] ? { lang: m[1], area: m[2], screens: !m[3] && SCREEN_AREAS.includes(m[2]) } : null;
}

/**
 * The chunk a translation file goes to (vite.config.ts): {lang} for the words a first visit can
 * show, {lang}-screens for the screens' words. English's first-visit words are bundled with the
 * app (null: left where the entry puts them).
 */
export function wordsChunk(path: string): string | null {
  const f = wordsFile(path);
  if (!f) return null;
  if (f.lang === 'en' && !f.screens) return null;
  return f.screens ? `${f.lang}-screens` : f.lang;
}
