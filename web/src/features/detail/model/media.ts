/**
 * Hero media (02§2): a recognised YouTube link plays through the privacy-enhanced embed address,
 * mp4/webm/ogg files play in the native player, anything else is an image.
 */

export const YOUTUBE_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseLink(raw: string): URL | null {
  const s = raw.trim();
  if (!s || /\s/.test(s)) return null;
  try {
    const u = new URL(s.includes('://') ? s : `https://${s}`);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    return u;
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube link in its watch, shorts, embed or short-link (youtu.be) form;
 * null for anything else (other hosts, playlists, channel pages, malformed ids).
 */
export function youTubeId(link: string): string | null {
  const u = parseLink(link);
  if (!u) return null;
  const host = u.hostname.toLowerCase().replace(/^www\./, '').replace(/^m\./, '');
  const parts = u.pathname.replace(/^\/+|\/+$/g, '').split('/');
  let id = '';
  if (host === 'youtu.be') {
    id = parts[0] ?? '';
  } else if (host === 'youtube.com' || host === 'music.youtube.com' || host === 'youtube-nocookie.com') {
    const nocookie = host === 'youtube-nocookie.com';
    if (parts.length === 1 && parts[0] === 'watch' && !nocookie) id = u.searchParams.get('v') ?? '';
    else if (parts.length >= 2 && ((parts[0] === 'shorts' && !nocookie) || parts[0] === 'embed')) id = parts[1] ?? '';
  }
  return YOUTUBE_ID.test(id) ? id : null;
}

export function youTubeEmbedUrl(id: string): string {
  return `${YOUTUBE_EMBED_BASE}${id}`;
}

export function youTubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** Whether a link names an mp4, webm or ogg file (query and fragment ignored). */
export function isNativeVideo(link: string): boolean {
  let path = link.trim();
  try {
    path = new URL(path, 'https://x.invalid').pathname;
  } catch {
    // keep the raw text
  }
  return /\.(mp4|webm|ogg)$/i.test(path);
}

export type HeroMedia =
  | { kind: 'youtube'; url: string; title: string; embedUrl: string; thumbnail: string }
  | { kind: 'video'; url: string; title: string; thumbnail: '' }
  | { kind: 'image'; url: string; title: string; thumbnail: string };

/** How a media link shows; `poster` (the item's own thumbnail) wins over the video host's picture. */
export function classifyMedia(url: string, title = '', poster = ''): HeroMedia {
  const id = youTubeId(url);
  if (id) return { kind: 'youtube', url, title, embedUrl: youTubeEmbedUrl(id), thumbnail: poster || youTubeThumbnail(id) };
  if (isNativeVideo(url)) return { kind: 'video', url, title, thumbnail: '' };
  return { kind: 'image', url, title, thumbnail: url };
}

/** Extra thumbnails: items 2-5 of the media list (at most 4). */
export const EXTRA_MEDIA_MAX = 4;
