import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  COUNTRY_CODES,
  PLACE_DEPTH_MAX,
  PLACE_NAME_MAX,
  PLACE_POSTAL_CODE_MAX,
  PLACE_TEXT_MAX,
  READ_POINT_VTYPE,
  BUSINESS_LOCATION_VTYPE,
  canonicalIdentifier,
  gs1KeyOf,
  isStorableText,
  masterDataAttributeId,
  type LocationElement,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { places, type PlaceRow } from './tables.js';

/*
 * EPCIS 2.0 location master data and the company's places (decision 081). A capture's ReadPoint and
 * BusinessLocation vocabularies upsert places by their canonical identifier, in the capture's
 * transaction: the CBV attributes fill the fields the console shows (name, address, country,
 * coordinates), every attribute is kept for HASATTR_/EQ_ATTR_ queries, and `children` (or a
 * sub-site's `site` attribute) set the hierarchy WD_ queries walk. Read back as a vocabulary list.
 */

const textOf = (value: unknown, max: number): string | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  return text && text.length <= max && isStorableText(text) ? text : null;
};
const numberOf = (value: unknown, min: number, max: number): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= min && number <= max ? number : null;
};
const countryOf = (value: unknown): string | null => {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return COUNTRY_CODES.includes(code) ? code : null;
};

/** The place fields an element's attributes give (fields it does not give are absent, so they keep what the console set). */
export function fieldsOfAttributes(attributes: Record<string, unknown>): Partial<PlaceRow> {
  const fields: Partial<PlaceRow> = {};
  const street = ['streetAddressOne', 'streetAddressTwo', 'streetAddressThree'].map((key) => textOf(attributes[key], PLACE_TEXT_MAX)).filter((line) => line !== null);
  const name = textOf(attributes.name, PLACE_NAME_MAX);
  if (name) fields.name = name;
  if (street.length > 0) fields.streetAddress = street.join(', ').slice(0, PLACE_TEXT_MAX);
  const city = textOf(attributes.city, PLACE_TEXT_MAX);
  if (city) fields.city = city;
  const region = textOf(attributes.state, PLACE_TEXT_MAX);
  if (region) fields.region = region;
  const postalCode = textOf(attributes.postalCode, PLACE_POSTAL_CODE_MAX);
  if (postalCode) fields.postalCode = postalCode;
  const country = countryOf(attributes.countryCode);
  if (country) fields.countryCode = country;
  const latitude = numberOf(attributes.latitude, -90, 90);
  const longitude = numberOf(attributes.longitude, -180, 180);
  if (latitude !== null && longitude !== null) Object.assign(fields, { latitude, longitude });
  return fields;
}

/** GLN and extension of an SGLN (any form), else nulls. */
function glnOf(identifier: string): { gln: string | null; extension: string | null } {
  const key = gs1KeyOf(identifier);
  if (!key || key.ai !== '414') return { gln: null, extension: null };
  return { gln: key.value, extension: key.qualifiers.find((qualifier) => qualifier.ai === '254')?.value ?? null };
}

/**
 * Upserts the company's places from a capture's location elements, in the caller's transaction.
 * An element given in both vocabularies (or twice) merges. Children become places inside the
 * element (created bare when new); a link that would close a cycle or pass PLACE_DEPTH_MAX is left out.
 * Answers how many places were written.
 */
export async function upsertLocationMasterData(tx: Db, companyId: number, elements: readonly LocationElement[]): Promise<number> {
  if (elements.length === 0) return 0;
  const merged = new Map<string, { attributes: Record<string, unknown>; children: string[] }>();
  for (const element of elements) {
    const identifier = canonicalIdentifier(element.id);
    const entry = merged.get(identifier) ?? { attributes: {}, children: [] };
    Object.assign(entry.attributes, element.attributes);
    entry.children.push(...element.children.map(canonicalIdentifier));
    merged.set(identifier, entry);
  }
  // A sub-site names its site by GLN (`site`): the site is its parent.
  const parentOf = new Map<string, string>();
  for (const [identifier, { attributes, children }] of merged) {
    for (const child of children) if (child !== identifier) parentOf.set(child, identifier);
    const site = textOf(attributes.site, 100);
    if (site && /^\d{13}$/.test(site)) {
      const siteIdentifier = canonicalIdentifier(`https://id.gs1.org/414/${site}`);
      if (siteIdentifier !== identifier && !parentOf.has(identifier)) parentOf.set(identifier, siteIdentifier);
    }
  }
  const identifiers = [...new Set([...merged.keys(), ...parentOf.keys(), ...parentOf.values()])];
  const existing = new Map<string, PlaceRow>();
  for (let start = 0; start < identifiers.length; start += 1_000) {
    const rows = await tx
      .select()
      .from(places)
      .where(and(eq(places.companyId, companyId), inArray(places.identifier, identifiers.slice(start, start + 1_000))))
      .for('update');
    for (const row of rows) existing.set(row.identifier, row);
  }

  const now = new Date();
  for (const identifier of identifiers) {
    const given = merged.get(identifier);
    const stored = existing.get(identifier);
    const fields = given ? fieldsOfAttributes(given.attributes) : {};
    if (stored) {
      if (!given) continue;
      const [row] = await tx
        .update(places)
        .set({ ...fields, attributes: { ...stored.attributes, ...given.attributes }, updatedAt: now })
        .where(eq(places.id, stored.id))
        .returning();
      existing.set(identifier, row);
    } else {
      const { gln, extension } = glnOf(identifier);
      const [row] = await tx
        .insert(places)
        .values({
          companyId,
          identifier,
          gln,
          extension,
          name: identifier.slice(0, PLACE_NAME_MAX),
          type: extension ? 'other' : 'site',
          ...fields,
          attributes: given?.attributes ?? {},
          origin: 'capture',
        })
        .returning();
      existing.set(identifier, row);
    }
  }

  for (const [child, parentIdentifier] of parentOf) {
    const childRow = existing.get(child);
    const parentRow = existing.get(parentIdentifier);
    if (!childRow || !parentRow || childRow.parentId === parentRow.id) continue;
    if (!(await linkable(tx, companyId, childRow.id, parentRow.id))) continue;
    await tx.update(places).set({ parentId: parentRow.id, updatedAt: now }).where(eq(places.id, childRow.id));
  }
  return identifiers.length;
}

/** Whether `parentId` may hold `childId`: not the child itself nor inside it, and within PLACE_DEPTH_MAX levels. */
async function linkable(tx: Db, companyId: number, childId: number, parentId: number): Promise<boolean> {
  let current: number | null = parentId;
  for (let depth = 0; current !== null; depth += 1) {
    if (current === childId || depth >= PLACE_DEPTH_MAX) return false;
    const [row]: { parentId: number | null }[] = await tx
      .select({ parentId: places.parentId })
      .from(places)
      .where(and(eq(places.id, current), eq(places.companyId, companyId)));
    current = row?.parentId ?? null;
  }
  return true;
}

/** One vocabulary element of a place as the standard writes it: `{ id, attributes: [{ id, attribute }], children }`. */
export interface VocabularyElement {
  id: string;
  attributes: { id: string; attribute: unknown }[];
  children?: string[];
}

function elementOf(row: PlaceRow, children: string[]): VocabularyElement {
  const attributes = Object.entries(row.attributes).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((attribute) => ({ id: masterDataAttributeId(key), attribute })),
  );
  return { id: row.identifier, attributes, ...(children.length > 0 ? { children } : {}) };
}

/** Places read back per page as master data. */
export const MASTER_DATA_PAGE_MAX = 1_000;

/**
 * The company's places as EPCIS master data: each place once in the BusinessLocation and once in
 * the ReadPoint vocabulary (the repository does not tell the two apart), `perPage` places from the
 * one after `afterId` in id order; `next` is the last id when more follow.
 */
export async function locationVocabularies(db: Db, companyId: number, perPage: number, afterId: number): Promise<{ vocabularyList: { type: string; vocabularyElementList: VocabularyElement[] }[]; next: number | null }> {
  const rows = await db
    .select()
    .from(places)
    .where(and(eq(places.companyId, companyId), gt(places.id, afterId)))
    .orderBy(asc(places.id))
    .limit(perPage + 1);
  const page = rows.slice(0, perPage);
  const ids = page.map((row) => row.id);
  const children = new Map<number, string[]>();
  if (ids.length > 0) {
    const childRows = await db
      .select({ parentId: places.parentId, identifier: places.identifier })
      .from(places)
      .where(and(eq(places.companyId, companyId), inArray(places.parentId, ids)))
      .orderBy(asc(places.id));
    for (const child of childRows) children.set(child.parentId!, [...(children.get(child.parentId!) ?? []), child.identifier]);
  }
  const elements = page.map((row) => elementOf(row, children.get(row.id) ?? []));
  return {
    vocabularyList: [
      { type: BUSINESS_LOCATION_VTYPE, vocabularyElementList: elements },
      { type: READ_POINT_VTYPE, vocabularyElementList: elements },
    ],
    next: rows.length > perPage ? page.at(-1)!.id : null,
  };
}
