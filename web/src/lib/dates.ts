/**
 * Date and time formatting through one Intl.DateTimeFormat per language and options. Making a
 * formatter loads the locale's data and costs about a millisecond or more on a phone, so code
 * that formatted each row with `toLocaleDateString` or a new formatter paid that per row (the
 * reviews of a detail page took 41 ms before anything else). The formatters are immutable, so
 * sharing them is safe; the cache holds a handful of entries (languages x the few styles used).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, options);
    formatters.set(key, f);
  }
  return f;
}

/** An ISO date-time (or Date) formatted in language with options. */
export function formatDateTime(value: string | Date, language: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(language, options).format(typeof value === 'string' ? new Date(value) : value);
}
