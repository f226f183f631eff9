import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  autoTranslationTarget,
  landingLinksResponseSchema,
  landingPageQuerySchema,
  landingProductInfoResponseSchema,
  linkProductQuerySchema,
  thumbnailPath,
  type LandingLink,
  type LandingProductInfo,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { errorResponses, type Routes } from '../../http.js';
import { publicProduct } from '../access/public-products.js';
import { productDesigns, productLanguages } from '../contents/tables.js';
import { digitalLinkOriginFor, entryDigitalLink } from './digital-link.js';
import { linkSet } from './order.js';
import { links } from './tables.js';
import type { Translator } from '../../plugins/translation.js';

/** Public answers may be cached briefly by browsers and proxies; scans of one product come in bursts. */
const PUBLIC_CACHE = 'public, max-age=60';
const tags = ['landing'];

export async function landingProductInfo(db: Db, templateOrigin: string, productId: number): Promise<LandingProductInfo> {
  const { product, entry, company } = await publicProduct(db, productId);
  const origin = await digitalLinkOriginFor(db, templateOrigin, { companyId: company.id });
  return {
    productId: product.id,
    product_name: product.productName,
    product_number: product.productNumber,
    description: product.description,
    features: product.features,
    category_id: product.categoryId,
    service: product.service,
    image: product.images,
    thumbnails: product.images.map(thumbnailPath),
    careInfo: { type: product.careInfoImage ? 'image' : 'text', text: product.careInfoText, image: product.careInfoImage },
    product_website: product.productWebsite,
    companyName: company.companyName,
    primaryLogo: company.primaryLogo,
    serviceName: company.serviceName,
    company: {
      description: company.description,
      website: company.website,
      contactPhone: company.contactPhone,
      contactHour: company.contactHour,
      contactEmail: company.contactEmail,
      sns: company.sns,
    },
    entryPath: entry.entryPath,
    digitalLink: entryDigitalLink(origin, entry),
  };
}

/** The shown, active entry-level links of a public product, in their order. */
export async function landingLinks(db: Db, productId: number): Promise<LandingLink[]> {
  const { product } = await publicProduct(db, productId);
  const rows = await db
    .select()
    .from(links)
    .where(and(linkSet(product.id, null), eq(links.display, true), eq(links.isActive, true)))
    .orderBy(asc(links.ord), asc(links.id));
  return rows.map((row) => ({
    linkId: row.id,
    linkType: row.linkType,
    title: row.title,
    title_eng: row.titleEng,
    modifiedTitle: row.modifiedTitle,
    targetUrl: row.targetUrl,
    lang: row.lang,
    isDefault: row.isDefault,
    order: row.ord,
  }));
}

/**
 * With `lang` and the product's design asking for automatic translation (spec point 4), each link's
 * title in `lang` joins its `modifiedTitle`, translated from its DEFAULT title; as written when the
 * translator has no provider or fails.
 */
export async function translateLinkTitles(db: Db, translator: Translator, productId: number, result: LandingLink[], lang: string | undefined): Promise<LandingLink[]> {
  if (!lang || result.length === 0 || !translator.status().available) return result;
  const [row] = await db.select({ design: productDesigns.design }).from(productDesigns).where(eq(productDesigns.productId, productId));
  if (!row) return result;
  const registered = (await db.select({ code: productLanguages.code }).from(productLanguages).where(eq(productLanguages.productId, productId))).map(
    (language) => language.code,
  );
  const target = autoTranslationTarget(row.design, lang, registered);
  if (!target) return result;
  const sources = result.map((link) => link.modifiedTitle.find((item) => item.languageCode === DEFAULT_LANGUAGE)?.inputData || link.title);
  const translated = await translator.translate({ source: row.design.defaultLang, target, texts: sources, format: 'text' });
  if (!translated || translated.length !== result.length) return result;
  return result.map((link, index) => ({
    ...link,
    modifiedTitle: [...link.modifiedTitle.filter((item) => item.languageCode !== target), { languageCode: target, inputData: translated[index] }],
  }));
}

/**
 * Public data of the consumer product view (spec point 7, "Previews"): consumers reach it from a
 * scan, without a session. Only products shown to the public answer (`shownToPublic`, as the
 * landing); others are 404.
 */
export const landingRoutes: Routes = async (app, { config }) => {
  app.get(
    '/api/product/landing-page/preview-productInfo',
    {
      schema: {
        tags,
        summary: 'Public: what the consumer product view shows of a product and its company',
        querystring: linkProductQuerySchema,
        response: { 200: landingProductInfoResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const result = await landingProductInfo(app.db, config.DIGITAL_LINK_DOMAIN, request.query.productId);
      reply.header('cache-control', PUBLIC_CACHE);
      return { result };
    },
  );

  app.get(
    '/api/product/landing-page/preview-links',
    {
      schema: {
        tags,
        summary: "Public: the product's shown, active links in their order",
        description: "With `lang` and the design's automatic translation on, each `modifiedTitle` gains the title in `lang`.",
        querystring: landingPageQuerySchema,
        response: { 200: landingLinksResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const shown = await landingLinks(app.db, request.query.productId);
      const result = await translateLinkTitles(app.db, app.translator, request.query.productId, shown, request.query.lang);
      reply.header('cache-control', PUBLIC_CACHE);
      return { result };
    },
  );
};
