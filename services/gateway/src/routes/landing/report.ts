import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REPORT_PHOTO_MAX_BYTES,
  VISITOR_ADDRESS_HEADER,
  type LandingPageData,
  type LandingRenderResult,
  type LandingReportInput,
  type LandingReportPageState,
} from '@product-console/shared';

/*
 * The landing's report page (issue 25 part 3, decision 071):
 * `/{serviceName}/product-details/{id}/preview/report[?serial=…]`. A plain HTML form (multipart,
 * with the photo) posted back to the same address works without JavaScript: the gateway passes the
 * body as it came to `POST /api/authenticity/reports` with the shopper's address (as on the
 * verification view) and its internal token, then answers a page: after a kept report a 303 to
 * `?sent=1` (the thank-you state; reloading it sends nothing again), else the form again with its
 * values and field errors, or a whole-form problem (429: too many reports today).
 * No session cookie is read or set on these paths, so a cross-site post gains nothing: no CSRF token.
 */

/** The report form's body: the photo and a few short fields. */
const REPORT_BODY_LIMIT = REPORT_PHOTO_MAX_BYTES + 64 * 1024;
/** The form's values the page shows again after a refused post. */
const REFILLED = ['serial', 'purchasePlace', 'purchaseDate', 'seller', 'email', 'emailConsent'] as const;

interface Params {
  serviceName: string;
  productId: string;
}

type Query = Record<string, string | string[] | undefined>;

export interface ReportPageOptions {
  /** The product's page data (its index view, as cached) in a language, or null when the landing does not show it. */
  readProduct(request: FastifyRequest, params: Params, lang: string | null): Promise<LandingPageData | null>;
  /** The pieces of the page every landing view shares: languages, base path, manifest. */
  pageInput(
    request: FastifyRequest<{ Params: Params; Querystring: Query }>,
    data: LandingPageData | null,
  ): Omit<LandingReportInput, 'data' | 'report' | 'serial'> & { lang: string | null };
  render(input: LandingReportInput): LandingRenderResult;
  notFound(request: FastifyRequest<{ Params: Params; Querystring: Query }>): string;
  unavailable(request: FastifyRequest<{ Params: Params; Querystring: Query }>): string;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const SERIAL = /^[\x21-\x7e]{1,20}$/;

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Language')
    .send(html);
}

/** The text fields of a posted form, to show them again; the photo is never sent back. */
async function formValues(contentType: string, body: Buffer): Promise<LandingReportPageState['values']> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    const values: LandingReportPageState['values'] = {};
    for (const name of REFILLED) {
      const value = form.get(name);
      if (typeof value === 'string') values[name] = value.slice(0, 300);
    }
    return values;
  } catch {
    return {};
  }
}

/** Field errors of the API's 400 answer, by field. */
function fieldErrors(body: unknown): Record<string, string> {
  const details = (body as { details?: { path?: unknown; message?: unknown }[] } | null)?.details ?? [];
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail.path === 'string' && typeof detail.message === 'string' && !(detail.path in errors)) errors[detail.path] = detail.message;
  }
  if (Object.keys(errors).length === 0) errors.form = 'invalid';
  return errors;
}

export async function reportPageRoutes(pages: FastifyInstance, options: ReportPageOptions) {
  const path = '/:serviceName/product-details/:productId/preview/report';

  // The form's body, whole: a plain multipart (or urlencoded) post of a small form.
  for (const type of ['multipart/form-data', 'application/x-www-form-urlencoded']) {
    pages.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));
  }

  async function page(
    request: FastifyRequest<{ Params: Params; Querystring: Query }>,
    reply: FastifyReply,
    status: number,
    report: LandingReportPageState,
    serial: string | null,
  ) {
    const params = request.params;
    if (!/^[1-9]\d{0,15}$/.test(params.productId)) return sendHtml(reply, 404, options.notFound(request));
    const { lang } = options.pageInput(request, null);
    let data: LandingPageData | null;
    try {
      data = await options.readProduct(request, params, lang);
    } catch (err) {
      request.log.warn({ err }, 'landing page data could not be read');
      void reply.header('retry-after', '5');
      return sendHtml(reply, 503, options.unavailable(request));
    }
    if (!data) return sendHtml(reply, 404, options.notFound(request));
    const { lang: _lang, ...input } = options.pageInput(request, data);
    const rendered = options.render({ ...input, data, serial, report });
    return sendHtml(reply, status, rendered.html);
  }

  const serialOf = (value: string | undefined) => (value && SERIAL.test(value) ? value : null);

  pages.get<{ Params: Params; Querystring: Query }>(path, async (request, reply) => {
    const sent = first(request.query.sent) === '1';
    return page(request, reply, 200, { state: sent ? 'thanks' : 'form', values: {}, errors: {}, problem: null }, serialOf(first(request.query.serial)));
  });

  pages.post<{ Params: Params; Querystring: Query; Body: Buffer }>(path, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    const contentType = request.headers['content-type'] ?? '';
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const values = await formValues(contentType, body);
    const serial = serialOf(values.serial ?? first(request.query.serial));
    const answer = await pages.upstream
      .call('POST', `/api/authenticity/reports?${new URLSearchParams({ serviceName: request.params.serviceName, productId: request.params.productId })}`, {
        requestId: request.id,
        headers: { [VISITOR_ADDRESS_HEADER]: request.ip },
        rawBody: { contentType, data: body },
      })
      .catch(() => null);
    if (answer?.status === 201) {
      const query = new URLSearchParams({ sent: '1' });
      const lang = first(request.query.lang);
      if (lang) query.set('lang', lang);
      return reply.code(303).header('location', `${request.url.split('?')[0]}?${query}`).header('cache-control', 'no-store').send();
    }
    if (answer?.status === 404) return sendHtml(reply, 404, options.notFound(request));
    const report: LandingReportPageState =
      answer?.status === 400
        ? { state: 'form', values, errors: fieldErrors(answer.body), problem: null }
        : { state: 'form', values, errors: {}, problem: answer?.status === 429 ? 'rateLimited' : 'unavailable' };
    return page(request, reply, answer?.status === 400 ? 400 : answer?.status === 429 ? 429 : 503, report, serial);
  });
}
