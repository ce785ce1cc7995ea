// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import LegalPage from './LegalPage';
import en from './content/en';
import es from './content/es';
import fr from './content/fr';
import { loadLegalContent, resolveLegalLocale } from './loadLegalContent';
import {
  LEGAL_DOCS,
  LEGAL_LOCALES,
  type LegalDoc,
  type LegalDocument,
  type LegalLocale,
  type LegalLocaleContent,
} from './types';

const CONTENT: Record<LegalLocale, LegalLocaleContent> = { en, es, fr };

async function createI18n(lng: string): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({ lng, fallbackLng: 'en', resources: {} });
  return instance;
}

/** Rendered inside an awaited act(): React 19 only retries a suspended `use()` there. */
async function renderPage(i18n: I18n, doc: LegalDoc) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <LegalPage doc={doc} />
      </I18nextProvider>,
    );
  });
  if (!result) throw new Error('render did not run');
  return result;
}

async function findArticle(title: string): Promise<HTMLElement> {
  // Generous timeout: the first render of a language waits for its chunk to be transformed.
  const heading = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
  const article = heading.closest('article');
  if (!article) throw new Error('the title is not inside an <article>');
  return article;
}

function documentText(document: LegalDocument): string[] {
  return [
    document.title,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((block) => (block.type === 'paragraph' ? [block.text] : block.items)),
    ]),
  ];
}

function countWords(document: LegalDocument): number {
  return documentText(document)
    .join(' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

afterEach(() => {
  cleanup();
  document.title = '';
});

describe('LegalPage', () => {
  for (const locale of LEGAL_LOCALES) {
    for (const doc of LEGAL_DOCS) {
      it(`renders "${doc}" in ${locale} with its title, contents and sections`, async () => {
        const content = CONTENT[locale];
        const legal = content.docs[doc];
        await renderPage(await createI18n(locale), doc);

        const article = await findArticle(legal.title);
        expect(article.getAttribute('lang')).toBe(locale);
        expect(document.title).toBe(`${legal.title} | Circle`);

        // "Last updated" line with a machine-readable date.
        const time = article.querySelector('time');
        expect(time?.getAttribute('dateTime')).toBe('2026-11-22');
        expect(time?.parentElement?.textContent).toContain(content.ui.lastUpdated);
        expect(time?.textContent).toMatch(/2026/);

        // At least five <h2> sections, one per section of the data.
        const headings = within(article).getAllByRole('heading', { level: 2 });
        expect(headings.length).toBeGreaterThanOrEqual(5);
        expect(headings).toHaveLength(legal.sections.length);
        legal.sections.forEach((section, index) => {
          expect(headings[index]?.textContent).toBe(`${index + 1}. ${section.heading}`);
        });

        // Table of contents linking to every section anchor.
        const nav = within(article).getByRole('navigation', { name: content.ui.contents });
        const links = within(nav).getAllByRole('link');
        expect(links).toHaveLength(legal.sections.length);
        links.forEach((link, index) => {
          const id = legal.sections[index]?.id ?? '';
          expect(link.getAttribute('href')).toBe(`#${id}`);
          expect(document.getElementById(id)?.tagName).toBe('SECTION');
        });

        expect(article.querySelectorAll('p').length).toBeGreaterThan(0);
      }, 20_000);
    }
  }

  it('falls back to English for an untranslated language', async () => {
    await renderPage(await createI18n('de'), 'terms');
    const article = await findArticle(en.docs.terms.title);
    expect(article.getAttribute('lang')).toBe('en');
  });

  it('uses the translation for a regional language code', async () => {
    await renderPage(await createI18n('es-MX'), 'privacy');
    await findArticle(es.docs.privacy.title);
  });

  it('follows language changes', async () => {
    const i18n = await createI18n('en');
    await renderPage(i18n, 'cookies');
    await findArticle(en.docs.cookies.title);

    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    await findArticle(fr.docs.cookies.title);
    expect(document.title).toBe(`${fr.docs.cookies.title} | Circle`);
  });

  it('turns e-mail addresses into mailto links without injecting HTML', async () => {
    await renderPage(await createI18n('en'), 'terms');
    const article = await findArticle(en.docs.terms.title);
    const link = within(article).getAllByRole('link', { name: 'legal@circle.example' })[0];
    expect(link?.getAttribute('href')).toBe('mailto:legal@circle.example');
  });

  it('restores the previous document title when it unmounts', async () => {
    document.title = 'Circle';
    const { unmount } = await renderPage(await createI18n('en'), 'buyer-protection');
    await findArticle(en.docs['buyer-protection'].title);
    unmount();
    expect(document.title).toBe('Circle');
  });
});

describe('legal content', () => {
  it('resolves i18next language codes to a legal locale', () => {
    expect(resolveLegalLocale('fr-CA')).toBe('fr');
    expect(resolveLegalLocale('ES')).toBe('es');
    expect(resolveLegalLocale('cimode')).toBe('en');
    expect(resolveLegalLocale(undefined)).toBe('en');
  });

  it('loads each language lazily, once', async () => {
    for (const locale of LEGAL_LOCALES) {
      const first = loadLegalContent(locale);
      expect(loadLegalContent(locale)).toBe(first);
      expect((await first).locale).toBe(locale);
    }
  });

  for (const doc of LEGAL_DOCS) {
    it(`keeps "${doc}" between 800 and 1500 words in English`, () => {
      const words = countWords(en.docs[doc]);
      expect(words).toBeGreaterThanOrEqual(800);
      expect(words).toBeLessThanOrEqual(1500);
    });

    it(`translates every section of "${doc}"`, () => {
      const ids = en.docs[doc].sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const locale of LEGAL_LOCALES) {
        const legal = CONTENT[locale].docs[doc];
        expect(legal.updated).toBe('2026-11-22');
        expect(legal.sections.map((section) => section.id)).toEqual(ids);
        if (locale !== 'en') {
          expect(legal.title).not.toBe(en.docs[doc].title);
          legal.sections.forEach((section, index) => {
            expect(section.blocks.length).toBe(en.docs[doc].sections[index]?.blocks.length);
          });
        }
        for (const text of documentText(legal)) {
          expect(text.trim()).not.toBe('');
          expect(text).not.toMatch(/<[a-z/!]|lorem|ipsum|placeholder|\[|\]/i);
          expect(text).not.toMatch(/TODO|TBD|XXX/);
        }
      }
    });
  }
});
