import type { UpstreamClient } from '../../plugins/upstream.js';
import type { LinkTypeRequest } from './link-types.js';

/*
 * Content negotiation of `?linkType=gs1:dpp` (issue 16, decision 046): a machine client asking for
 * the passport as a verifiable credential gets it from the resolver itself, not a redirect; a
 * browser (text/html) keeps the 307 to the dpp view.
 */

export const DPP_LINK_TYPE = 'gs1:dpp';
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
const CREDENTIAL_ACCEPT = /application\/(vc\+jwt|ld\+json|vc\+ld\+json)/i;

/** Whether the request asks the dpp link type for the credential (VC-JOSE or JSON-LD) rather than the page. */
export function wantsCredential(requested: LinkTypeRequest | null, accept: string | undefined): boolean {
  if (!requested || requested.linkset || requested.linkType !== DPP_LINK_TYPE || !accept) return false;
  return CREDENTIAL_ACCEPT.test(accept) && !accept.includes('text/html');
}

export interface FetchedCredential {
  status: number;
  contentType: string;
  body: string;
  /** The signing key (the JWS header's kid) of a signed answer. */
  kid?: string;
}

/**
 * The API's credential of the product (`GET /api/product/passport/credential`), in the form the
 * client asked for: the signed JWS, or with a JSON-LD Accept the unsigned credential.
 */
export async function fetchCredential(
  upstream: Pick<UpstreamClient, 'dispatcher' | 'timeoutMs'>,
  productId: number,
  accept: string,
  version: string | null,
  scanned: { lot: string | null; serial: string | null } = { lot: null, serial: null },
): Promise<FetchedCredential> {
  // The scanned lot and serial: a batch or item passport names that batch or item as its subject (decision 076).
  const query = new URLSearchParams({ productId: String(productId) });
  if (version !== null && /^\d{1,7}$/.test(version)) query.set('version', version);
  if (scanned.lot !== null) query.set('lot', scanned.lot);
  if (scanned.serial !== null) query.set('serial', scanned.serial);
  const response = await upstream.dispatcher.request({
    method: 'GET',
    path: `/api/product/passport/credential?${query}`,
    headers: { accept: CREDENTIAL_ACCEPT.exec(accept)?.[0] ?? VC_JWT_MEDIA_TYPE },
    signal: AbortSignal.timeout(upstream.timeoutMs),
  });
  const contentType = response.headers['content-type'];
  const body = await response.body.text();
  return {
    status: response.statusCode,
    contentType: typeof contentType === 'string' ? contentType : VC_JWT_MEDIA_TYPE,
    body,
    kid: response.statusCode === 200 ? kidOf(body) : undefined,
  };
}

/** The kid of a compact JWS's protected header; undefined for anything else (the JSON-LD form). */
function kidOf(body: string): string | undefined {
  const dot = body.indexOf('.');
  if (dot <= 0 || body.startsWith('{')) return undefined;
  try {
    const header = JSON.parse(Buffer.from(body.slice(0, dot), 'base64url').toString('utf8')) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
