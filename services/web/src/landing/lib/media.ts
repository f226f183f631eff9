/*
 * What the consumer page may load from a block's input. Pure functions, so the page and its tests
 * agree on which addresses are played, shown or linked, and which are dropped.
 */

/** A stored file (`/files/...`, from the content upload call). */
export const isStoredPath = (value: string): boolean => /^\/files\/[^\s]+$/.test(value);

/** An absolute http(s) URL, or null for anything else (javascript:, data:, relative, malformed). */
export function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.includes(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com' && parts[0] === 'video' && /^\d+$/.test(parts[1] ?? '')) return parts[1] ?? null;
  if (host === 'vimeo.com' || host === 'www.vimeo.com') return parts.find((part) => /^\d+$/.test(part)) ?? null;
  return null;
}

/**
 * A video block's input: a YouTube or Vimeo page, played through the privacy-friendly players
 * (youtube-nocookie.com, Vimeo with dnt=1), or a stored MP4. Anything else is not played.
 */
export function videoSource(input: string): VideoSource | null {
  const value = input.trim();
  if (isStoredPath(value)) return { kind: 'file', src: value };
  const url = httpUrl(value);
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube) return { kind: 'youtube', id: youtube, embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'vimeo', id: vimeo, embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1&autoplay=1` };
  if (url.protocol === 'https:' && /\.mp4$/i.test(url.pathname)) return { kind: 'file', src: url.href };
  return null;
}

/** An image block's input: a stored path or an https URL; anything else shows nothing. */
export function imageSource(input: string): string | null {
  const value = input.trim();
  if (isStoredPath(value)) return value;
  const url = httpUrl(value);
  return url?.protocol === 'https:' ? url.href : null;
}
