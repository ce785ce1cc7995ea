/** Text in the current language: title_es / title_fr when present, else the English text. */
export function localized(language: string, base: string, es?: string | null, fr?: string | null): string {
  const lang = language.slice(0, 2).toLowerCase();
  if (lang === 'es' && es) return es;
  if (lang === 'fr' && fr) return fr;
  return base;
}

/** "NestFlow CRM" -> "NC"; at most two letters. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? [words[0], words[1]] : [words[0]];
  return letters
    .map((w) => [...(w ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}

/** A small stable number for a string (placeholder colours). */
export function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}
