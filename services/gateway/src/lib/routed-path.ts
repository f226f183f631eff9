/*
 * The path a router acts on, whatever the spelling of the request line.
 *
 * Fastify's router decodes percent-escapes before matching (`/%62ff/api` is routed as
 * `/bff/api`), and the URL parser that builds the upstream address resolves dot segments
 * (`/bff/api/./internal` reaches the API as `/api/internal`). A check that looks at the raw URL
 * can therefore be walked around; every gateway check looks at this form instead, and the proxy
 * forwards exactly the path it checked.
 */

export interface RoutedPath {
  /** Decoded segments, without empty (`//`) and dot segments; `..` removes the one before it. */
  segments: string[];
  /** The request ended with a slash (`/api/product/`), which some routes spell that way. */
  trailingSlash: boolean;
  /** `/` + segments joined by `/`, without the trailing slash: what checks compare against. */
  path: string;
}

function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Parses the path of a request URL (its query is left out). Null when a percent-escape cannot be
 * decoded: such a request is refused, never guessed at. A decoded segment that holds a slash
 * (`auth%2Fsign`) counts as the segments it spells, so an encoded slash cannot hide a prefix.
 */
export function parseRoutedPath(url: string): RoutedPath | null {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    const decoded = decodeSegment(part);
    if (decoded === null) return null;
    for (const segment of decoded.replaceAll('\\', '/').split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
  }
  const trailingSlash = raw.length > 1 && raw.endsWith('/');
  return { segments, trailingSlash, path: `/${segments.join('/')}` };
}

/** True when the URL's path needs no decoding or normalising: the common case, checked cheaply. */
export function isPlainPath(url: string): boolean {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  return !raw.includes('%') && !raw.includes('//') && !raw.includes('/.') && !raw.includes('\\');
}

/** The routed path of a URL as a string (no trailing slash), or null when it cannot be decoded. */
export function routedPathOf(url: string): string | null {
  if (isPlainPath(url)) {
    const query = url.indexOf('?');
    const raw = query === -1 ? url : url.slice(0, query);
    return raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw;
  }
  return parseRoutedPath(url)?.path ?? null;
}

/** True when `path` is `prefix` itself or lies below it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The path to forward upstream: `base` followed by the routed segments below `prefixSegments`,
 * each escaped again, the trailing slash kept, then the query as sent.
 */
export function forwardedPath(url: string, routed: RoutedPath, prefixSegments: number, base: string): string {
  const query = url.indexOf('?');
  const rest = routed.segments.slice(prefixSegments).map(encodeURIComponent).join('/');
  const path = rest ? `${base}/${rest}${routed.trailingSlash ? '/' : ''}` : `${base}${routed.trailingSlash ? '/' : ''}`;
  return query === -1 ? path : path + url.slice(query);
}
