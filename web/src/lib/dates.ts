/**
 * Date and time formatting through one Intl.DateTimeFormat per language and options, with plain
 * English dates written out without Intl. The first Intl.DateTimeFormat of a page load loads the
 * locale's data: about 40 ms on this machine (160 ms at a phone's speed), inside the render of a
 * detail page's reviews. Each later formatter costs about a millisecond, which code that made one
 * per row paid per row. The formatters are immutable, so sharing them is safe; the cache holds a
 * handful of entries (languages x the few styles used).
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "Mar 15, 2026" or "March 15, 2026" (local time) for English with the day-month-year options
 * the app uses, else null. The same text as en-US Intl (dates.test.ts compares them).
 */
function englishDate(date: Date, language: string, options: Intl.DateTimeFormatOptions): string | null {
  if (!/^en(-US)?$/i.test(language)) return null;
  const keys = Object.keys(options).sort().join(',');
  let month: string | undefined;
  if (keys === 'dateStyle' && options.dateStyle === 'medium') month = 'short';
  else if (keys === 'day,month,year' && options.day === 'numeric' && options.year === 'numeric') month = options.month;
  if (month !== 'short' && month !== 'long') return null;
  const name = MONTHS[date.getMonth()]!;
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getDate()}, ${date.getFullYear()}`;
}

/** An ISO date-time (or Date) formatted in language with options; "" for an invalid date. */
export function formatDateTime(value: string | Date, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return englishDate(date, language, options) ?? dateTimeFormat(language, options).format(date);
}
