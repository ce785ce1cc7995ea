/**
 * Text in the current language: title_es / title_fr when present, else the base text. List cards
 * (search pages, the snapshot) carry no title_es / title_fr: their base text is already in the
 * app's language (?lang=, listLang), so this returns it as is; the detail keeps all three.
 */
export function localized(language: string, base: string, es?: string | null, fr?: string | null): string {
  const lang = language.slice(0, 2).toLowerCase();
  if (lang === 'es' && es) return es;
  if (lang === 'fr' && fr) return fr;
  return base;
}

/**
 * The ?lang= of list requests (search pages, the snapshot): their cards carry the title and
 * description in this language only. Undefined for English, the server's default, so the
 * snapshot URL stays the one the page's preload header fetches.
 */
export function listLang(language: string): 'es' | 'fr' | undefined {
  const lang = language.slice(0, 2).toLowerCase();
  return lang === 'es' || lang === 'fr' ? lang : undefined;
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
