import { LANDING_VIEWS, SERIAL_AI, qualifierPathOf, type LandingLink, type LandingProductInfo, type LandingView } from '@product-console/shared';
import { publicFileUrl } from './urls';

/** Column width of the landing (spec point 9): images never show wider than this. */
export const LANDING_IMAGE_SIZES = '(max-width: 400px) 100vw, 400px';
/** Width the stored thumbnails are cut to (API `makeThumbnail`). */
const THUMBNAIL_WIDTH = 320;
/** Width assumed for an uploaded original: the browser picks it over the thumbnail for any wider slot. */
const IMAGE_WIDTH = 800;

/**
 * Attributes of the n-th product image: the 320 px WebP thumbnail and the original as a `srcset`, sized to
 * the 400 px column; the first image loads at once with high priority (the page's largest paint), the
 * rest lazily; width and height hold the square slot, so nothing shifts while they load.
 */
export function responsiveImage(product: Pick<LandingProductInfo, 'image' | 'thumbnails'>, index: number) {
  const src = publicFileUrl(product.image[index]);
  const thumbnail = product.thumbnails[index];
  const first = index === 0;
  return {
    src,
    ...(thumbnail ? { srcSet: `${publicFileUrl(thumbnail)} ${THUMBNAIL_WIDTH}w, ${src} ${IMAGE_WIDTH}w`, sizes: LANDING_IMAGE_SIZES } : {}),
    width: 400,
    height: 400,
    loading: first ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    ...(first ? { fetchPriority: 'high' as const } : {}),
  };
}

const PREVIEW_PATH = /^\/([^/]+)\/product-details\/(\d+)\/preview(?:\/([A-Za-z]+))?\/?$/;

/**
 * The view of this product a link target opens (`…/{serviceName}/product-details/{id}/preview[/{view}]`,
 * on any origin: a company's own domain included), or null for an address elsewhere.
 */
export function viewOfTarget(targetUrl: string, product: Pick<LandingProductInfo, 'productId' | 'serviceName'>): LandingView | null {
  let path: string;
  try {
    path = new URL(targetUrl, 'https://landing.invalid').pathname;
  } catch {
    return null;
  }
  const match = PREVIEW_PATH.exec(path);
  if (!match) return null;
  let serviceName: string;
  try {
    serviceName = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (serviceName !== product.serviceName || Number(match[2]) !== product.productId) return null;
  const view = (match[3] ?? 'index') as LandingView;
  return LANDING_VIEWS.includes(view) ? view : null;
}

/** Where a link button goes: a view of this product through `viewHref` (keeping lang and serial), else its own target. */
export function linkHref(link: Pick<LandingLink, 'targetUrl'>, product: Pick<LandingProductInfo, 'productId' | 'serviceName'>, viewHref?: (view: LandingView) => string): string {
  if (!viewHref) return link.targetUrl;
  const view = viewOfTarget(link.targetUrl, product);
  return view ? viewHref(view) : link.targetUrl;
}

/** The Digital Link with the scanned serial (`/21/{serial}`), unless it carries one already. */
export function digitalLinkWithSerial(digitalLink: string, serial: string | null): string {
  if (!serial || /\/21\/[^/]+$/.test(digitalLink)) return digitalLink;
  return `${digitalLink.replace(/\/$/, '')}${qualifierPathOf(SERIAL_AI, serial)}`;
}
