/** Share links and texts (02§2, 02§3): utm_source {title slug}, utm_medium share, utm_campaign deal_share. */

export const SHARE_DESCRIPTION_CHARS = 100;

/** "Café-Style Open House Kits" -> "cafe-style-open-house-kits". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * A service's page slug (issue 33; internal/catalog/pageslug.go writes the same): the English
 * title's slug ("service" when it has no letter or digit), "--", and the id.
 */
export function serviceSlug(service: { id: string; title: string }): string {
  return `${slugify(service.title).replace(/-+$/, '') || 'service'}--${service.id}`;
}

/** The service id a page slug names: what follows its first "--", else the whole slug. */
/** The address's query without the service opened over the page (?service= and its ?view=). */
export function withoutOpenService(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete('service');
  next.delete('view');
  return next;
}

export function slugServiceId(slug: string): string {
  const at = slug.indexOf('--');
  return at < 0 ? slug : slug.slice(at + 2);
}

/** The share link: the service's page, server-rendered so link previews show it (issue 33), with the spec's UTM fields. */
export function shareLink(origin: string, service: { id: string; title: string }, userId?: string | null): string {
  const params = new URLSearchParams({
    utm_source: slugify(service.title) || 'service',
    utm_medium: 'share',
    utm_campaign: 'deal_share',
  });
  if (userId) params.set('ref', userId);
  return `${origin}/services/${encodeURIComponent(serviceSlug(service))}?${params.toString()}`;
}

/** The description cut to 100 characters (with an ellipsis when cut). */
export function truncate(text: string, max = SHARE_DESCRIPTION_CHARS): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('').trimEnd()}…`;
}

export function shareText(title: string, description: string, link: string): string {
  const d = truncate(description);
  return d ? `${title}: ${d} ${link}` : `${title} ${link}`;
}

export function smsHref(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

export function emailHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Copies text: the Clipboard API, else a hidden text area and execCommand (02§2). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the text-area copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
