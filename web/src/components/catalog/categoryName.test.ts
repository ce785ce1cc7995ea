import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadAllResources } from '../../lib/i18n';
import { categoryName } from './categoryName';

const resources = await loadAllResources();
const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(Object.entries(resources).map(([lang, tree]) => [lang, { translation: tree }])),
  lng: 'en',
  interpolation: { escapeValue: false },
});

describe('F-APP-06 category names in the reader language (issue 32 item 11)', () => {
  it('translates the marketplace categories and keeps a vendor category as written', () => {
    expect(categoryName(i18n.getFixedT('es'), 'Mortgage')).toBe('Hipotecas');
    expect(categoryName(i18n.getFixedT('fr'), 'Title & Escrow')).toBe('Titres et séquestre');
    expect(categoryName(i18n.getFixedT('fr'), 'Websites / IDX')).toBe('Sites web / IDX');
    expect(categoryName(i18n.getFixedT('en'), 'Lead Generation')).toBe('Lead Generation');
    expect(categoryName(i18n.getFixedT('es'), 'Drone Surveys')).toBe('Drone Surveys');
    expect(categoryName(i18n.getFixedT('es'), '')).toBe('');
  });
});
