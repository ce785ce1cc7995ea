import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browser } from './browser';
import english from '../locales/en';
import { wordsFile } from '../locales/screenAreas';
import { byArea, mergeTrees, type Tree } from '../locales/tree';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Languages of spec 01§9, with the name each is shown under in the picker. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(v: unknown): v is Language {
  return LANGUAGES.some((l) => l.code === v);
}

/**
 * Each language's files, a map of lazy imports in a small module of its own (locales/{lang}).
 * vite.config.ts groups the files into one chunk per language for the words a first visit can
 * show ({lang}) and one for the screens' words ({lang}-screens, locales/screenAreas.ts);
 * English's first-visit words are bundled with the app (../locales/en), so they resolve at once.
 */
const WORD_FILES: Record<Language, () => Promise<{ default: Record<string, () => Promise<Tree>> }>> = {
  en: () => import('../locales/en/words'),
  es: () => import('../locales/es'),
  fr: () => import('../locales/fr'),
};

/** One language's files, those of the screens behind a click or the others, as one tree. */
async function loadWords(lang: Language, screens: boolean): Promise<Tree> {
  const { default: files } = await WORD_FILES[lang]();
  const picked = Object.entries(files).filter(([path]) => wordsFile(`locales/${lang}/${path.slice(2)}`)?.screens === screens);
  const trees = await Promise.all(picked.map(async ([path, load]) => [path, await load()] as const));
  return byArea(Object.fromEntries(trees));
}

/** Every language's translations, for tests that compare them. */
export async function loadAllResources(): Promise<Record<Language, Tree>> {
  const all = await Promise.all(LANGUAGES.map(async ({ code }) => [code, mergeTrees(await loadWords(code, false), await loadWords(code, true))] as const));
  return Object.fromEntries(all) as Record<Language, Tree>;
}

let screenWords: Promise<void> | null = null;

/**
 * The words of the screens behind a click (locales/screenAreas.ts), in English (every key's
 * fallback) and in the language shown, added once; every Screen but the marketplace's waits for
 * them (app/Screen.tsx). The promise carries React's status fields once settled, so use() reads
 * it without suspending again. A failed download stays failed: the screen's error panel shows
 * it, and its Try Again reloads the page.
 */
export function loadScreenWords(): Promise<void> {
  if (screenWords) return screenWords;
  const lang = currentLanguage();
  const langs: Language[] = lang === FALLBACK_LANGUAGE ? [lang] : [FALLBACK_LANGUAGE, lang];
  const p = Promise.all(
    langs.map(async (l) => {
      i18n.addResourceBundle(l, 'translation', await loadWords(l, true), true, false);
    }),
  ).then(() => undefined);
  Object.assign(p, { status: 'pending' });
  p.then(
    () => Object.assign(p, { status: 'fulfilled', value: undefined }),
    (reason: unknown) => Object.assign(p, { status: 'rejected', reason }),
  );
  screenWords = p;
  return p;
}

/** Whether the screens' words are in (a Screen then renders without suspending). */
export function screenWordsLoaded(): boolean {
  return (screenWords as { status?: string } | null)?.status === 'fulfilled';
}

/** The language the app is showing now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

/**
 * The language of a link that names one (?lang=, as the service pages' hreflang links do), else
 * the stored choice, else the language the server wrote the page in (a service page follows the
 * browser's Accept-Language, issue 33; every other page is English), else English.
 */
export function detectLanguage(): Language {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) return asked;
  const stored = readStorage('local', STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const page = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(page) ? page : FALLBACK_LANGUAGE;
}

/**
 * Stores the choice and reloads, as spec 01§9 says. The reload takes 1-2.5 s on a loaded machine
 * (re-rendering the marketplace in place took as long), so the caller shows that the switch is
 * under way and this waits for that paint before reloading (issue 18 item 9: feedback under
 * 300 ms); the browser keeps the old page on screen until the new one paints.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  writeStorage('local', STORAGE_KEYS.language, lang);
  await afterNextPaint();
  browser.reload();
}

/** Resolves once the frame after the current one has started (the pending render has painted). */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Downloads a language's first-visit words ahead of a switch (the reloaded page then finds them cached). */
export function prefetchLanguage(lang: Language): void {
  if (lang === 'en') return;
  void loadWords(lang, false).catch(() => undefined);
}

const language = detectLanguage();

void i18n.use(initReactI18next).init({
  // A copy: adding the screens' words later extends the store's tree, not the bundled module's.
  resources: { en: { translation: { ...english } } },
  lng: language,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key missing from the bundles is a defect: say so loudly (browser tests fail on console errors).
  saveMissing: true,
  missingKeyHandler: (_lngs, _ns, key) => {
    console.error(`i18n: missing translation key "${key}"`);
  },
  react: { useSuspense: false },
});

/** Languages whose first-visit words are in (English's are bundled). */
const firstVisitWords = new Set<Language>([FALLBACK_LANGUAGE]);

/**
 * Adds a language's first-visit words (downloading its chunk) unless they are loaded already;
 * with screens, its screens' words too (the back office's translation check compares them all).
 */
export async function loadLanguage(lang: Language, { screens = false } = {}): Promise<void> {
  if (!firstVisitWords.has(lang)) {
    i18n.addResourceBundle(lang, 'translation', await loadWords(lang, false), true, false);
    firstVisitWords.add(lang);
  }
  if (screens) i18n.addResourceBundle(lang, 'translation', await loadWords(lang, true), true, false);
}

/**
 * Settles once the chosen language can render. If its chunk cannot be downloaded the app still
 * renders, in English: a missing translation is better than a blank page.
 */
export const i18nReady: Promise<void> = loadLanguage(language).catch(async () => {
  await i18n.changeLanguage(FALLBACK_LANGUAGE);
});

// <html lang> follows the language.
if (typeof document !== 'undefined') {
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

export default i18n;
