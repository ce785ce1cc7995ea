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

  it('writes English day-month-year dates as en-US Intl does, without Intl', () => {
    const shapes: Intl.DateTimeFormatOptions[] = [
      { year: 'numeric', month: 'short', day: 'numeric' },
      { year: 'numeric', month: 'long', day: 'numeric' },
      { dateStyle: 'medium' },
    ];
    // Every month, first and last days, a leap day and times near midnight (local time).
    const dates = [
      ...Array.from({ length: 12 }, (_, m) => new Date(2026, m, 1, 0, 0, 1)),
      ...Array.from({ length: 12 }, (_, m) => new Date(2025, m + 1, 0, 23, 59, 59)),
      new Date(2028, 1, 29, 12),
      new Date(1999, 11, 31, 23, 59),
    ];
    for (const options of shapes) {
      for (const d of dates) {
        expect(formatDateTime(d, 'en', options), `${d.toISOString()} ${JSON.stringify(options)}`).toBe(new Intl.DateTimeFormat('en-US', options).format(d));
        expect(formatDateTime(d.toISOString(), 'en-US', options)).toBe(new Intl.DateTimeFormat('en-US', options).format(d));
      }
    }
    // Anything else goes through Intl.
    expect(formatDateTime(new Date(2026, 2, 15), 'es', { year: 'numeric', month: 'long', day: 'numeric' })).toBe('15 de marzo de 2026');
    expect(formatDateTime(new Date(2026, 2, 15, 9, 5), 'en', { dateStyle: 'medium', timeStyle: 'short' })).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(2026, 2, 15, 9, 5)),
    );
    // A malformed date shows nothing rather than throwing in a render.
    expect(formatDateTime('not a date', 'en', { dateStyle: 'medium' })).toBe('');
    expect(formatDateTime('not a date', 'fr', { dateStyle: 'medium', timeStyle: 'short' })).toBe('');
  });
});
