import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  LINK_GROUP,
  LINK_TYPE_DEFAULT_TITLES,
  type CreateLinkBody,
  type Link,
  type LinkType,
  type UpdateLinkBody,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { duplicateLink, notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { entries, type EntryRow } from '../entries/tables.js';
import { assertLinkAllowed } from '../plans/limits.js';
import { authorizeProduct, authorizeProductProject } from '../access/policies.js';
import { products, type ProductRow } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { linkSet, renumberLinks } from './order.js';
import { links, type LinkRow } from './tables.js';

export function toLink(row: LinkRow): Link {
  return {
    linkId: row.id,
    link_id: row.id,
    productId: row.productId,
    entryId: row.entryId,
    qualifierId: row.qualifierId,
    order: row.ord,
    display: row.display,
    contentType: row.contentType,
    context: row.context,
    isDefault: row.isDefault,
    lang: row.lang,
    linkType: row.linkType,
    targetUrl: row.targetUrl,
    title: row.title,
    title_eng: row.titleEng,
    modifiedTitle: row.modifiedTitle,
    group: LINK_GROUP,
    isAuto: row.isAuto,
    isActive: row.isActive,
  };
}

/** The title to store: the given one, else the default title of the link type. */
const titleOr = (title: string | undefined, linkType: string) => (title ? title : (LINK_TYPE_DEFAULT_TITLES[linkType as LinkType] ?? linkType));

const sameLang = (lang: string | null): SQL => (lang === null ? isNull(links.lang) : eq(links.lang, lang));

/** The live product whose entry this is, with the entry; another company's entry (or a deleted one) is 404. */
async function entryOfCompany(db: Db, auth: AuthContext, companyId: number, entryId: number, action: 'read' | 'write') {
  const [row] = await db
    .select({ product: products, entry: entries })
    .from(entries)
    .innerJoin(products, eq(products.entryId, entries.id))
    .where(and(eq(entries.id, entryId), eq(entries.companyId, companyId), eq(entries.isDeleted, false), isNull(products.deletedAt)));
  if (!row) throw notFound();
  await authorizeProductProject(db, auth, row.product.projectId, action);
  return row;
}

/** A live serial of the entry, else 404. */
async function qualifierOfEntry(db: Db, entryId: number, qualifierId: number): Promise<void> {
  const [row] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(and(eq(qualifiers.id, qualifierId), eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false)));
  if (!row) throw notFound();
}

export interface LinkPage {
  result: Link[];
  total: number;
}

/** `GET /api/entry/links/all`: the displayed links of an entry (or of one of its serials) in their order. */
export async function listLinks(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: { page: number; size: number; entryId: number; qualifierId?: number },
): Promise<LinkPage> {
  const { product } = await entryOfCompany(db, auth, companyId, query.entryId, 'read');
  if (query.qualifierId !== undefined) await qualifierOfEntry(db, query.entryId, query.qualifierId);
  const where = and(linkSet(product.id, query.qualifierId ?? null), eq(links.display, true));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(links).where(where);
  const rows = await db
    .select()
    .from(links)
    .where(where)
    .orderBy(asc(links.ord), asc(links.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: rows.map(toLink), total };
}

/** `GET /api/entry/links/active?productId`: the product's displayed entry-level links in their order. */
export async function activeLinks(db: Db, auth: AuthContext, companyId: number, productId: number): Promise<Link[]> {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  const rows = await db
    .select()
    .from(links)
    .where(and(linkSet(product.id, null), eq(links.display, true)))
    .orderBy(asc(links.ord), asc(links.id));
  return rows.map(toLink);
}

async function lockProduct(tx: Db, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}

async function clearOtherDefaults(tx: Db, row: LinkRow): Promise<void> {
  await tx
    .update(links)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(linkSet(row.productId, row.qualifierId), ne(links.id, row.id), eq(links.isDefault, true)));
}

export interface LinkWrite {
  link: LinkRow;
  /** The entry path whose resolution changed. */
  entryPath: string;
}

/**
 * `POST /api/entry/links/`: adds a link to the entry (or to one of its serials). A hidden link of
 * the same type and language is shown again with the new fields instead; a shown one is 409. The
 * product's link limit counts shown links, the re-shown one included.
 */
export async function createLink(db: Db, auth: AuthContext, companyId: number, body: CreateLinkBody, publish: Publish): Promise<LinkWrite> {
  const { product, entry } = await entryOfCompany(db, auth, companyId, body.entryId, 'write');
  if (product.id !== body.productId || entry.entryPath !== body.entryPath) throw notFound();
  const qualifierId = body.qualifierId ?? null;
  if (qualifierId !== null) await qualifierOfEntry(db, entry.id, qualifierId);
  const lang = body.lang ?? null;

  const link = await db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    await assertLinkAllowed(tx, companyId, product.id);
    const sameType = await tx
      .select()
      .from(links)
      .where(and(linkSet(product.id, qualifierId), eq(links.linkType, body.linkType), sameLang(lang)))
      .orderBy(asc(links.id));
    if (sameType.some((row) => row.display)) throw duplicateLink();

    const fields = {
      entryId: entry.id,
      targetUrl: body.targetUrl,
      title: titleOr(body.title, body.linkType),
      titleEng: titleOr(body.title_eng, body.linkType),
      modifiedTitle: body.modifiedTitle ?? [],
      contentType: body.contentType ?? 'text/html',
      context: body.context ?? '',
      isDefault: body.isDefault ?? false,
      display: true,
      isActive: true,
      // Last of the set; renumbered below.
      ord: 1_000_000,
      updatedAt: new Date(),
    };
    const hidden = sameType.at(-1);
    const [row] = hidden
      ? await tx.update(links).set(fields).where(eq(links.id, hidden.id)).returning()
      : await tx
          .insert(links)
          .values({ ...fields, productId: product.id, qualifierId, linkType: body.linkType, lang })
          .returning();
    if (row.isDefault) await clearOtherDefaults(tx, row);
    await renumberLinks(tx, product.id, qualifierId);
    const [fresh] = await tx.select().from(links).where(eq(links.id, row.id));
    return fresh;
  });
  await publish({ type: 'planUsage.changed', companyId, resource: 'link' });
  return { link, entryPath: entry.entryPath };
}

/** A shown link of a live product of the company with its product and entry, else 404. */
async function shownLink(db: Db, auth: AuthContext, companyId: number, linkId: number): Promise<{ link: LinkRow; product: ProductRow; entry: EntryRow }> {
  const [row] = await db
    .select({ link: links, product: products, entry: entries })
    .from(links)
    .innerJoin(products, eq(products.id, links.productId))
    .innerJoin(entries, eq(entries.id, products.entryId))
    .where(and(eq(links.id, linkId), eq(links.display, true), eq(products.companyId, companyId), isNull(products.deletedAt)));
  if (!row) throw notFound();
  await authorizeProductProject(db, auth, row.product.projectId, 'write');
  return row;
}

/** `PUT /api/entry/links/`: changes a shown link; `order` moves it within its set. */
export async function updateLink(db: Db, auth: AuthContext, companyId: number, update: UpdateLinkBody): Promise<LinkWrite> {
  const { link: current, entry } = await shownLink(db, auth, companyId, update.linkId);
  const link = await db.transaction(async (tx) => {
    await lockProduct(tx, current.productId);
    const linkType = update.linkType ?? current.linkType;
    const lang = update.lang === undefined ? current.lang : update.lang;
    if (linkType !== current.linkType || lang !== current.lang) {
      const [clash] = await tx
        .select({ id: links.id })
        .from(links)
        .where(and(linkSet(current.productId, current.qualifierId), ne(links.id, current.id), eq(links.display, true), eq(links.linkType, linkType), sameLang(lang)));
      if (clash) throw duplicateLink();
    }
    // A default title follows a change of type; a title a person wrote stays.
    const keepsDefaultTitle = (title: string) => title === (LINK_TYPE_DEFAULT_TITLES[current.linkType as LinkType] ?? current.linkType);
    const [row] = await tx
      .update(links)
      .set({
        linkType,
        lang,
        title: update.title !== undefined ? titleOr(update.title, linkType) : keepsDefaultTitle(current.title) ? titleOr('', linkType) : current.title,
        titleEng:
          update.title_eng !== undefined ? titleOr(update.title_eng, linkType) : keepsDefaultTitle(current.titleEng) ? titleOr('', linkType) : current.titleEng,
        ...(update.targetUrl !== undefined && { targetUrl: update.targetUrl }),
        ...(update.modifiedTitle !== undefined && { modifiedTitle: update.modifiedTitle }),
        ...(update.isDefault !== undefined && { isDefault: update.isDefault }),
        ...(update.isActive !== undefined && { isActive: update.isActive }),
        ...(update.contentType !== undefined && { contentType: update.contentType }),
        ...(update.context !== undefined && { context: update.context }),
        updatedAt: new Date(),
      })
      .where(eq(links.id, current.id))
      .returning();
    if (row.isDefault) await clearOtherDefaults(tx, row);
    await renumberLinks(tx, row.productId, row.qualifierId, update.order === undefined ? undefined : { linkId: row.id, order: update.order });
    const [fresh] = await tx.select().from(links).where(eq(links.id, row.id));
    return fresh;
  });
  return { link, entryPath: entry.entryPath };
}

/** `DELETE /api/entry/links/?linkId&entryPath&entryId`: hides the link and renumbers the rest of its set. */
export async function deleteLink(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: { linkId: number; entryId: number; entryPath: string },
  publish: Publish,
): Promise<string> {
  const { link, entry } = await shownLink(db, auth, companyId, query.linkId);
  if (entry.id !== query.entryId || entry.entryPath !== query.entryPath) throw notFound();
  await db.transaction(async (tx) => {
    await lockProduct(tx, link.productId);
    await tx.update(links).set({ display: false, isDefault: false, updatedAt: new Date() }).where(eq(links.id, link.id));
    await renumberLinks(tx, link.productId, link.qualifierId);
  });
  await publish({ type: 'planUsage.changed', companyId, resource: 'link' });
  return entry.entryPath;
}
