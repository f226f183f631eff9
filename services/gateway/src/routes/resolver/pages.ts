import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, LINK_TYPE_DEFAULT_TITLES, MESSAGES, type ErrorBody, type LinkType } from '@product-console/shared';
import { knownLinkTypeTitle } from './link-types.js';
import { PAGE_MESSAGES, pageLanguage, type PageLanguage, type PageMessages } from './page-messages.js';
import { CORS_HEADERS } from './resolution.js';

/**
 * Error answers of the resolver: the house JSON shape `{code, message, details?}` for API clients
 * and, for a browser (Accept: text/html, which is what a phone's camera opens), a small page that
 * says what happened in words a shopper understands, in the visitor's language (Accept-Language,
 * else English). Never 200, never a redirect.
 */
export interface ResolverProblem {
  status: 400 | 404 | 503;
  body: ErrorBody;
  /** The page for people, in one of the page languages. */
  page: (messages: PageMessages) => ProblemPage;
}

export interface ProblemPage {
  /** Page title and heading. */
  heading: string;
  text: string;
  /** A way on, when there is one (the product's default link). */
  action?: { href: string; label: string };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Apple SD Gothic Neo","Noto Sans CJK KR","Hiragino Sans","PingFang SC",sans-serif;background:#f5f6f8;color:#1f2933}' +
  'main{box-sizing:border-box;max-width:400px;width:100%;padding:32px 24px;text-align:center;overflow-wrap:anywhere}h1{font-size:1.3rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 16px}' +
  'a{display:inline-block;padding:10px 18px;border-radius:8px;background:#1f2933;color:#fff;text-decoration:none}a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}';

/**
 * A whole page on its own: no script, no font, no image, no other request (the policy below says
 * so to the browser too); readable at 320 px and up.
 */
export function renderProblemPage({ heading, text, action }: ProblemPage, language: PageLanguage): string {
  const button = action ? `<p><a href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>` : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
<style>${STYLE}</style>
</head><body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${button}</main></body></html>`;
}

/** Nothing but the page's own inline style; it may not be framed. */
export const PROBLEM_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const CACHE_CONTROL: Record<ResolverProblem['status'], string> = {
  // A malformed URI stays malformed.
  400: 'public, max-age=3600',
  // The product (or its link) may be added any moment.
  404: 'no-store',
  503: 'no-store',
};

export const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ResolverProblem) {
  reply.code(problem.status).headers(CORS_HEADERS).header('cache-control', CACHE_CONTROL[problem.status]).header('vary', 'Accept, Accept-Language');
  if (problem.status === 503) reply.header('retry-after', '5');
  if (acceptsHtml(request)) {
    const language = pageLanguage(request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-language', language)
      .header('content-security-policy', PROBLEM_PAGE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .send(renderProblemPage(problem.page(PAGE_MESSAGES[language]), language));
  }
  return reply.type('application/json; charset=utf-8').send(problem.body);
}

const knownLinkType = (linkType: string | null): LinkType | null =>
  linkType !== null && Object.hasOwn(LINK_TYPE_DEFAULT_TITLES, linkType) ? (linkType as LinkType) : null;

export const problems = {
  badRequest: (reason: string): ResolverProblem => ({
    status: 400,
    body: { code: ERROR_CODES.VALIDATION, message: 'This is not a valid GS1 Digital Link URI.', details: [{ path: 'uri', message: reason }] },
    page: (messages) => messages.badRequest,
  }),
  unknownItem: (): ResolverProblem => ({
    status: 404,
    body: { code: ERROR_CODES.NOT_FOUND, message: 'No product is registered under this GS1 Digital Link URI.' },
    page: (messages) => messages.unknownItem,
  }),
  noLinks: (title: string): ResolverProblem => ({
    status: 404,
    body: { code: ERROR_CODES.NOT_FOUND, message: 'This product has no links yet.' },
    page: (messages) => ({ heading: title || messages.noLinks.heading, text: messages.noLinks.text }),
  }),
  /** The requested link type is named only when this product set defines it: the visitor's text is never repeated. */
  missingLinkType: (title: string, linkType: string | null, fallback?: { href: string }): ResolverProblem => {
    const known = knownLinkType(linkType);
    const knownTitle = linkType === null ? null : knownLinkTypeTitle(linkType);
    return {
      status: 404,
      body: {
        code: ERROR_CODES.NOT_FOUND,
        message: knownTitle ? `This product has no link of the requested type (${knownTitle}).` : 'This product has no link of the requested type.',
      },
      page: ({ missingLinkType, linkTypes }) => ({
        heading: title || missingLinkType.heading,
        text: known ? missingLinkType.text(linkTypes[known]) : missingLinkType.textOtherKind,
        action: fallback ? { href: fallback.href, label: missingLinkType.action } : undefined,
      }),
    };
  },
  unavailable: (): ResolverProblem => ({
    status: 503,
    body: { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect },
    page: (messages) => messages.unavailable,
  }),
};
