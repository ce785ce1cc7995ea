/** Splits e-mail text into plain parts and http(s) links, so links can be clicked. */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const out: Array<{ text: string; href?: string }> = [];
  const re = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    let url = m[0];
    // Trailing punctuation belongs to the sentence.
    const trail = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trail.length);
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** A link from the outbox opens in this tab when it points at this site (a relative path). */
export function localHref(href: string, origin: string): string {
  try {
    const u = new URL(href);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : href;
  } catch {
    return href;
  }
}
