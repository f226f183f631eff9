import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANDING_VIEWS,
  landingPageDataSchema,
  type LandingPageData,
  type LandingRenderInput,
  type LandingRenderResult,
  type LandingReportInput,
  type LandingView,
  type LandingViteManifest,
  VISITOR_ADDRESS_HEADER,
} from '@product-console/shared';
import { LANDING_HEADERS } from '../../plugins/static.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { reportPageRoutes } from './report.js';
import { acceptedPrimaryLanguages, requestedLanguage, shownLanguage, uiLanguage, urlLanguage } from './language.js';

/*
 * The consumer landing (issue 15, decision 042): `/{serviceName}/product-details/{id}/preview` and
 * its views, rendered to HTML here from one API read (`GET /api/product/landing-page/page`) by the
 * web workspace's server bundle (dist-ssr/landing.js), before the console's SPA fallback. A product
 * the API does not show answers a 404 page in the page's neutral design, an API that does not
 * answer a 503 page; neither has console chrome or a sign-in.
 */

type ViteManifest = LandingViteManifest;
type RenderInput = LandingRenderInput;

interface SsrModule {
  renderLandingPage(input: RenderInput): LandingRenderResult;
  /** The report page of a product (decision 071); absent from bundles built before it. */
  renderReportPage?(input: LandingReportInput): LandingRenderResult;
}

export interface LandingRoutesOptions {
  /** dist-ssr/landing.js of the web workspace. */
  ssrModulePath: string;
  /** The landing builds' Vite manifests (dist/.vite/landing-manifest.json, landing-draft-manifest.json). */
  manifestPaths: string[];
  /** Public origin of the pages (RESOLVER_ORIGIN); unset: the origin the request came to. */
  origin?: string;
}

const VIEW_SEGMENTS = new Map<string, LandingView>(LANDING_VIEWS.filter((view) => view !== 'index').map((view) => [view, view]));
/** The API's limit of a serial (AI 21: up to 20 characters). */
const SERIAL = /^[\x21-\x7e]{1,20}$/;
/** The shared query schema's limit of a passport access token; a longer one is cut, so it matches no link and reads as invalid. */
const ACCESS_MAX = 200;

interface Params {
  serviceName: string;
  productId: string;
  view?: string;
}

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const PICC_DATA = /^[0-9A-Fa-f]{32}$/;
const CMAC = /^[0-9A-Fa-f]{16}$/;

/** The tap parameters of a verification address, both well-formed, or null. */
function tapOf(query: Query): { piccData: string; cmac: string } | null {
  const piccData = first(query.picc_data);
  const cmac = first(query.cmac);
  return piccData && cmac && PICC_DATA.test(piccData) && CMAC.test(cmac) ? { piccData, cmac } : null;
}

export default async function landingRoutes(app: FastifyInstance, options: LandingRoutesOptions) {
  if (!existsSync(options.ssrModulePath)) {
    app.log.info({ path: options.ssrModulePath }, 'landing renderer not built; the console answers the landing paths');
    return;
  }
  const ssr = (await import(pathToFileURL(options.ssrModulePath).href)) as SsrModule;
  let manifest: ViteManifest = {};
  for (const manifestPath of options.manifestPaths) {
    try {
      manifest = { ...manifest, ...(JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest) };
    } catch (err) {
      app.log.warn({ err, path: manifestPath }, 'landing build manifest not found; landing pages are served without its scripts');
    }
  }

  // The page data, kept in the resolution cache beside the resolver's records (one bus, one invalidation).
  const cache = app.resolution.pages;

  const originOf = (request: FastifyRequest) => options.origin ?? `${request.protocol}://${request.host}`;

  function send(request: FastifyRequest, reply: FastifyReply, status: number, html: string, opened = false, editor = false) {
    if (opened) {
      // A passport access link's page: its restricted fields are kept by no cache, and its address (the token) is not
      // sent onward as a Referer by anything the page loads or links to.
      void reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('vary', 'Accept-Language');
      return reply.code(status).send(html);
    }
    const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // An editor's page carries the draft preview's data: kept by no shared cache, and told apart by its cookie.
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', editor ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(status).send(html);
  }

  async function load(params: Params, view: LandingView, lang: string | null, serial: string | null, request: FastifyRequest, access: string | null = null, lot: string | null = null) {
    const query = new URLSearchParams({ productId: params.productId, serviceName: params.serviceName, view });
    if (lang) query.set('lang', lang);
    if (serial) query.set('serial', serial);
    if (lot) query.set('lot', lot);
    // An NTAG 424 DNA tag's Secure Unique NFC message, as the tag mirrored it into its URL: checked by the API (issue 25).
    const tap = view === 'verification' && serial ? tapOf(request.query as Query) : null;
    if (tap) {
      query.set('picc_data', tap.piccData);
      query.set('cmac', tap.cmac);
    }
    if (access) query.set('access', access);
    // The serial check names the shopper's address (TRUST_PROXY honoured) so that the API counts one visitor's repeated
    // checks once, by a salted hash it keeps instead (decision 065); no other read carries it.
    const headers = view === 'verification' ? { [VISITOR_ADDRESS_HEADER]: request.ip } : undefined;
    const answer = await app.upstream.call('GET', `/api/product/landing-page/page?${query}`, { requestId: request.id, headers });
    if (answer.status === 404 || answer.status === 400) return null;
    if (answer.status !== 200) throw new Error(`landing page data: the API answered ${answer.status}`);
    const parsed = landingPageDataSchema.safeParse((answer.body as { result?: unknown } | null)?.result);
    if (!parsed.success) throw new Error('landing page data: the API answered an unexpected shape');
    return parsed.data;
  }

  async function handle(request: FastifyRequest<{ Params: Params; Querystring: Query }>, reply: FastifyReply) {
    const params = request.params;
    const accepted = acceptedPrimaryLanguages(request.headers['accept-language']);
    const fromUrl = urlLanguage(first(request.query.lang));
    const visitorUi = uiLanguage(DEFAULT_LANGUAGE, accepted, false, fromUrl);
    const view = params.view === undefined ? 'index' : VIEW_SEGMENTS.get(params.view);
    if (!view || !/^[1-9]\d{0,15}$/.test(params.productId)) {
      return send(request, reply, 404, ssr.renderLandingPage({ kind: 'notFound', uiLanguage: visitorUi, manifest }).html);
    }
    const rawSerial = first(request.query.serial);
    const serial = rawSerial && SERIAL.test(rawSerial) ? rawSerial : null;
    const rawLot = first(request.query.lot);
    const lot = rawLot && SERIAL.test(rawLot) ? rawLot : null;
    const lang = requestedLanguage(fromUrl, accepted);
    // A passport access link (`/preview/dpp?access={token}`): read past the cache, answered to this visitor only.
    // Only the dpp view reads it; any view given one is still answered privately, without a Referer.
    const access = view === 'dpp' ? first(request.query.access)?.trim().slice(0, ACCESS_MAX) || null : null;
    const opened = access !== null || request.query.access !== undefined;
    // The verification view checks (and records) the scanned serial and the traceability view tells that serial's own
    // journey: both read with it, past the cache. Without a serial, the product's journey is cached like the other views.
    // A scanned lot shows its batch (and maybe a recall): read with it, past the cache, as the serial.
    const readsSerial =
      view === 'verification' || (view === 'traceability' && (serial !== null || lot !== null)) || ((view === 'index' || view === 'smartLabel') && lot !== null);
    let data: LandingPageData | null;
    try {
      data =
        readsSerial || access
          ? await load(params, view, lang, serial, request, access, lot)
          : await cache.get({ productId: params.productId, serviceName: params.serviceName, view, lang: lang ?? '' }, () =>
              load(params, view, lang, null, request),
            );
      // The index view of a serial the resolver holds open recalls for: read again with the serial (decision 079).
      if (data && view === 'index' && serial !== null && lot === null && app.resolution.entries.peek(data.product.entryPath)?.recalls?.length) {
        data = await load(params, view, lang, serial, request, null, null);
      }
    } catch (err) {
      request.log.warn({ err }, 'landing page data could not be read');
      const page = ssr.renderLandingPage({ kind: 'unavailable', uiLanguage: visitorUi, retryHref: request.url, manifest });
      void reply.header('retry-after', '5');
      return send(request, reply, 503, page.html, opened);
    }
    if (!data) return send(request, reply, 404, ssr.renderLandingPage({ kind: 'notFound', uiLanguage: visitorUi, manifest }).html, opened);

    const auto = data.design.isAutoTrans;
    const language = shownLanguage(fromUrl, accepted, data.content.languages, auto);
    const page = ssr.renderLandingPage({
      kind: 'page',
      data,
      language,
      uiLanguage: uiLanguage(language, accepted, auto, fromUrl),
      serial,
      origin: originOf(request),
      basePath: `/${encodeURIComponent(params.serviceName)}/product-details/${params.productId}/preview`,
      langInUrl: fromUrl !== null,
      manifest,
      // A browser signed in to the console may be an editor's, whose preview tab takes drafts.
      editor: Boolean(request.cookies[SESSION_COOKIE]),
    });
    return send(request, reply, page.status, page.html, opened, Boolean(request.cookies[SESSION_COOKIE]));
  }

  // The pages get the landing's browser protections (framed only by the console's own editor).
  await app.register(async (pages) => {
    await pages.register(fastifyHelmet, { global: true, ...LANDING_HEADERS_FULL });
    pages.get('/:serviceName/product-details/:productId/preview', handle);
    pages.get('/:serviceName/product-details/:productId/preview/:view', handle);
    const renderReportPage = ssr.renderReportPage;
    if (renderReportPage) {
      const problemPage = (kind: 'notFound' | 'unavailable') => (request: FastifyRequest<{ Querystring: Query }>) =>
        ssr.renderLandingPage({
          kind,
          uiLanguage: uiLanguage(DEFAULT_LANGUAGE, acceptedPrimaryLanguages(request.headers['accept-language']), false, urlLanguage(first(request.query.lang))),
          retryHref: kind === 'unavailable' ? request.url : undefined,
          manifest,
        }).html;
      await reportPageRoutes(pages, {
        // The product's index view, as cached for every visitor: the report page shows its name and design.
        readProduct: (request, params, lang) =>
          cache.get({ productId: params.productId, serviceName: params.serviceName, view: 'index', lang: lang ?? '' }, () =>
            load({ ...params }, 'index', lang, null, request),
          ),
        pageInput(request, data) {
          const accepted = acceptedPrimaryLanguages(request.headers['accept-language']);
          const fromUrl = urlLanguage(first(request.query.lang));
          const lang = requestedLanguage(fromUrl, accepted);
          const auto = data?.design.isAutoTrans ?? false;
          const language = data ? shownLanguage(fromUrl, accepted, data.content.languages, auto) : DEFAULT_LANGUAGE;
          return {
            lang,
            language,
            uiLanguage: uiLanguage(language, accepted, auto, fromUrl),
            basePath: `/${encodeURIComponent(request.params.serviceName)}/product-details/${request.params.productId}/preview`,
            langInUrl: fromUrl !== null,
            manifest,
          };
        },
        render: renderReportPage,
        notFound: problemPage('notFound'),
        unavailable: problemPage('unavailable'),
      });
    }
  });
}

const LANDING_HEADERS_FULL = {
  ...LANDING_HEADERS,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};
