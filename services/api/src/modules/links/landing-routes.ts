import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  landingLinksResponseSchema,
  landingProductInfoResponseSchema,
  linkProductQuerySchema,
  thumbnailPath,
  type LandingLink,
  type LandingProductInfo,
} from '@product-console/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { errorResponses } from '../../http.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { digitalLinkOriginFor, entryDigitalLink } from './digital-link.js';
import { linkSet } from './order.js';
import { links } from './tables.js';

/** Public answers may be cached briefly by browsers and proxies; scans of one product come in bursts. */
const PUBLIC_CACHE = 'public, max-age=60';
const tags = ['landing'];

/** A live product whose entry is live and active, with its entry and company; else 404. */
async function publicProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ product: products, entry: entries, company: companies })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), isNull(products.deletedAt), eq(entries.isDeleted, false), eq(entries.isActive, true)));
  if (!row) throw notFound();
  return row;
}

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
 * Public data of the consumer product view (spec point 7, "Previews"): consumers reach it from a
 * scan, without a session. Only live products with a live, active entry answer; others are 404.
 */
export function landingRoutes(config: Config): FastifyPluginAsyncZod {
  return async (app) => {
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
          querystring: linkProductQuerySchema,
          response: { 200: landingLinksResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const result = await landingLinks(app.db, request.query.productId);
        reply.header('cache-control', PUBLIC_CACHE);
        return { result };
      },
    );
  };
}
