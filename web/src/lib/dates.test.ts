import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDateTime } from './dates';

describe('F-APP-06 date formatting', () => {
  it('formats as Intl does, in each language, with one formatter per language and options', () => {
    const iso = '2026-03-15T17:30:00Z';
    const opts = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    for (const lang of ['en', 'es', 'fr']) {
      expect(formatDateTime(iso, lang, opts)).toBe(new Date(iso).toLocaleDateString(lang, opts));
    }
    expect(dateTimeFormat('fr', { ...opts })).toBe(dateTimeFormat('fr', opts));
    expect(dateTimeFormat('fr', opts)).not.toBe(dateTimeFormat('es', opts));
    expect(formatDateTime(new Date(iso), 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Mar 15, 2026');
  });
});
