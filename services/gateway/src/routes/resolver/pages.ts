import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES, type ErrorBody } from '@product-console/shared';
import { CORS_HEADERS } from './resolution.js';

/**
 * Error answers of the resolver: the house JSON shape `{code, message, details?}` for API clients
 * and, for a browser (Accept: text/html, which is what a phone's camera opens), a small page that
 * says what happened in words a shopper understands. Never 200, never a redirect.
 */
export interface ResolverProblem {
  status: 400 | 404 | 503;
  body: ErrorBody;
  /** Page title and text for people. */
  heading: string;
  text: string;
  /** A way on, when there is one (the product's default link). */
  action?: { href: string; label: string };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page({ heading, text, action }: ResolverProblem): string {
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1f2933}main{max-width:400px;padding:32px 24px;text-align:center}h1{font-size:1.3rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 16px}a{display:inline-block;padding:10px 18px;border-radius:8px;background:#1f2933;color:#fff;text-decoration:none}</style>
</head><body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${button}</main></body></html>`;
}

const CACHE_CONTROL: Record<ResolverProblem['status'], string> = {
  // A malformed URI stays malformed.
  400: 'public, max-age=3600',
  // The product (or its link) may be added any moment.
  404: 'no-store',
  503: 'no-store',
};

export const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ResolverProblem) {
  reply.code(problem.status).headers(CORS_HEADERS).header('cache-control', CACHE_CONTROL[problem.status]).header('vary', 'Accept');
  if (problem.status === 503) reply.header('retry-after', '5');
  if (acceptsHtml(request)) return reply.type('text/html; charset=utf-8').send(page(problem));
  return reply.type('application/json; charset=utf-8').send(problem.body);
}

export const problems = {
  badRequest: (reason: string): ResolverProblem => ({
    status: 400,
    body: { code: ERROR_CODES.VALIDATION, message: 'This is not a valid GS1 Digital Link URI.', details: [{ path: 'uri', message: reason }] },
    heading: 'This code does not lead anywhere',
    text: 'The address in this code is not a valid product link. Please check that you scanned the whole code.',
  }),
  unknownItem: (): ResolverProblem => ({
    status: 404,
    body: { code: ERROR_CODES.NOT_FOUND, message: 'No product is registered under this GS1 Digital Link URI.' },
    heading: 'Product not found',
    text: 'We could not find a product for this code. It may not be published yet, or it is no longer available.',
  }),
  noLinks: (title: string): ResolverProblem => ({
    status: 404,
    body: { code: ERROR_CODES.NOT_FOUND, message: 'This product has no links yet.' },
    heading: title || 'Nothing to show yet',
    text: 'This product has no page to show yet. Please try again later.',
  }),
  /** `linkTypeTitle` is null for a link type nobody defined: the visitor's text is never repeated. */
  missingLinkType: (title: string, linkTypeTitle: string | null, fallback?: { href: string }): ResolverProblem => ({
    status: 404,
    body: {
      code: ERROR_CODES.NOT_FOUND,
      message: linkTypeTitle ? `This product has no link of the requested type (${linkTypeTitle}).` : 'This product has no link of the requested type.',
    },
    heading: title || 'Page not available',
    text: linkTypeTitle ? `This product has no “${linkTypeTitle}” page.` : 'This product has no page of the requested kind.',
    action: fallback ? { href: fallback.href, label: 'See the product page' } : undefined,
  }),
  unavailable: (): ResolverProblem => ({
    status: 503,
    body: { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect },
    heading: MESSAGES.unableToConnect,
    text: MESSAGES.tryAgainLater,
  }),
};
