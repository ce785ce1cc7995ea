import { readStorage, writeStorage } from '../../lib/storage';
import { trackAffiliateClick, type ClickBody } from './api';

/** 03§5 Affiliate attribution (stored locally): affiliateCode, linkId, affiliateId, timestamp. The cookie the server sets is what attributes; this copy only remembers the landing was sent. */
export const ATTRIBUTION_KEY = 'circle-affiliate-attribution';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/** The click body of a landing's address, or null when it has no aff parameter. */
export function clickFromLocation(href: string, referrer: string): ClickBody | null {
  const url = new URL(href);
  const code = url.searchParams.get('aff')?.trim();
  if (!code || code.length > 64) return null;
  const body: ClickBody = { affiliate_code: code, url: href.slice(0, 2000), referrer: referrer.slice(0, 2000) };
  for (const k of UTM) {
    const v = url.searchParams.get(k);
    if (v) body[k] = v.slice(0, 500);
  }
  return body;
}

const sent = new Set<string>();

/**
 * Sends a landing's click once: once per address in this tab (sessionStorage), so a reload or a
 * navigation that keeps ?aff= does not count again (the server also counts a visitor once a day).
 * Failures are only logged (03§8). Resolves true when the server recorded it.
 */
export async function sendLanding(href: string, referrer: string): Promise<boolean> {
  const body = clickFromLocation(href, referrer);
  if (!body) return false;
  const key = `circle-aff-sent:${body.affiliate_code}`;
  if (sent.has(key) || readStorage('session', key)) return false;
  sent.add(key);
  writeStorage('session', key, '1');
  try {
    const r = await trackAffiliateClick(body);
    if (!r.recorded) return false;
    writeStorage(
      'local',
      ATTRIBUTION_KEY,
      JSON.stringify({ affiliateCode: body.affiliate_code, linkId: r.link_id, affiliateId: r.affiliate_id, timestamp: Date.now() }),
    );
    return true;
  } catch (err) {
    console.warn('affiliate tracking failed', err);
    return false;
  }
}
