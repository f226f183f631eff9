import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PLACES_PER_COMPANY_MAX,
  PLACE_DEPTH_MAX,
  placeIdentifier,
  type CompanyPlace,
  type PlaceCreateBody,
  type PlaceListQuery,
  type PlaceSummary,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { isUniqueViolation } from '../entries/service.js';
import { places, type PlaceRow } from './tables.js';

/*
 * The company's places (decision 081): the Locations screen's list, form and file import, and what
 * journeys and queries read of them. Every read and write is scoped by the caller's company; a
 * place of another company answers 404 like an absent one.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export function toPlace(row: PlaceRow, parentName: string | null): CompanyPlace {
  return {
    placeId: row.id,
    identifier: row.identifier,
    gln: row.gln,
    extension: row.extension,
    name: row.name,
    type: row.type,
    streetAddress: row.streetAddress,
    city: row.city,
    postalCode: row.postalCode,
    region: row.region,
    countryCode: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    parentId: row.parentId,
    parentName,
    origin: row.origin,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const parent = alias(places, 'parent');

/** `GET /api/trace/places`: a page of the company's places by name, optionally matching part of the name, city or GLN. */
export async function listPlaces(db: Db, companyId: number, query: PlaceListQuery): Promise<{ result: CompanyPlace[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(places.companyId, companyId),
    pattern ? or(ilike(places.name, pattern), ilike(places.city, pattern), ilike(places.identifier, pattern)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(places).where(where);
  const rows = await db
    .select({ place: places, parentName: parent.name })
    .from(places)
    .leftJoin(parent, eq(parent.id, places.parentId))
    .where(where)
    .orderBy(asc(places.name), asc(places.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: rows.map((row) => toPlace(row.place, row.parentName)), total };
}

async function placeOfCompany(db: Db, companyId: number, placeId: number): Promise<{ place: PlaceRow; parentName: string | null }> {
  const [row] = await db
    .select({ place: places, parentName: parent.name })
    .from(places)
    .leftJoin(parent, eq(parent.id, places.parentId))
    .where(and(eq(places.id, placeId), eq(places.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

export async function getPlace(db: Db, companyId: number, placeId: number): Promise<CompanyPlace> {
  const { place, parentName } = await placeOfCompany(db, companyId, placeId);
  return toPlace(place, parentName);
}

/** The ids of a place and its ancestors, nearest first (bounded: a stored cycle cannot loop). */
async function ancestorsOf(db: Db, companyId: number, placeId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 1 from places where id = ${placeId} and company_id = ${companyId}
      union all
      select p.id, p.parent_id, up.depth + 1 from places p join up on p.id = up.parent_id
      where p.company_id = ${companyId} and up.depth <= ${PLACE_DEPTH_MAX + 1}
    )
    select id from up order by depth`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * Checks a parent for `placeId` (null for a new place): a place of the company, not the place itself
 * nor one inside it (no cycles), and not so deep that the hierarchy passes PLACE_DEPTH_MAX levels.
 */
async function checkParent(db: Db, companyId: number, placeId: number | null, parentId: number): Promise<void> {
  const chain = await ancestorsOf(db, companyId, parentId);
  if (chain.length === 0) throw validationFailed([{ path: 'parentId', message: 'No such place of the company' }]);
  if (placeId !== null && chain.includes(placeId)) throw validationFailed([{ path: 'parentId', message: 'A place cannot be inside itself or a place inside it' }]);
  if (chain.length >= PLACE_DEPTH_MAX) throw validationFailed([{ path: 'parentId', message: `Places nest at most ${PLACE_DEPTH_MAX} levels deep` }]);
}

/** The master-data attributes of the fields the console edits (CBV short names); null fields are absent. */
export function fieldAttributes(fields: Pick<PlaceRow, 'name' | 'streetAddress' | 'city' | 'postalCode' | 'region' | 'countryCode' | 'latitude' | 'longitude'>) {
  const attributes: Record<string, unknown> = {
    name: fields.name,
    streetAddressOne: fields.streetAddress,
    city: fields.city,
    postalCode: fields.postalCode,
    state: fields.region,
    countryCode: fields.countryCode,
    latitude: fields.latitude,
    longitude: fields.longitude,
  };
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/** The fields the console edits replace their attributes; the other attributes master data gave stay. */
function mergedAttributes(previous: Record<string, unknown>, fields: Parameters<typeof fieldAttributes>[0]): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(previous).filter(([key]) => !['name', 'streetAddressOne', 'streetAddressTwo', 'streetAddressThree', 'city', 'postalCode', 'state', 'countryCode', 'latitude', 'longitude'].includes(key)),
  );
  return { ...kept, ...fieldAttributes(fields) };
}

function columnsOf(body: PlaceCreateBody) {
  return {
    gln: body.gln,
    extension: body.extension || null,
    identifier: placeIdentifier(body.gln, body.extension || null),
    name: body.name,
    type: body.type ?? 'site',
    streetAddress: body.streetAddress || null,
    city: body.city || null,
    postalCode: body.postalCode || null,
    region: body.region || null,
    countryCode: body.countryCode || null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    parentId: body.parentId ?? null,
  };
}

const duplicate = () => conflict('The company already has a place with this GLN and extension.');

/** `POST /api/trace/places`: a new place; its GLN and extension once per company (409). */
export async function createPlace(db: Db, companyId: number, body: PlaceCreateBody): Promise<CompanyPlace> {
  try {
    return await db.transaction(async (tx) => {
      const [{ total }] = await tx.select({ total: count() }).from(places).where(eq(places.companyId, companyId));
      if (total >= PLACES_PER_COMPANY_MAX) throw conflict(`A company keeps at most ${PLACES_PER_COMPANY_MAX} places.`);
      const columns = columnsOf(body);
      if (columns.parentId !== null) await checkParent(tx, companyId, null, columns.parentId);
      const [row] = await tx
        .insert(places)
        .values({ ...columns, companyId, origin: 'console', attributes: fieldAttributes(columns) })
        .returning();
      return getPlace(tx, companyId, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** `PUT /api/trace/places?placeId`: every field of the place; a parent that would make a cycle is 400. */
export async function updatePlace(db: Db, companyId: number, placeId: number, body: PlaceCreateBody): Promise<CompanyPlace> {
  try {
    return await db.transaction(async (tx) => {
      const { place } = await placeOfCompany(tx, companyId, placeId);
      const columns = columnsOf(body);
      if (columns.parentId !== null) await checkParent(tx, companyId, placeId, columns.parentId);
      await tx
        .update(places)
        .set({ ...columns, attributes: mergedAttributes(place.attributes, columns), updatedAt: new Date() })
        .where(eq(places.id, placeId));
      return getPlace(tx, companyId, placeId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** `DELETE /api/trace/places?placeId`: the place goes; places inside it move to the top; events keep their GLNs. */
export async function deletePlace(db: Db, companyId: number, placeId: number): Promise<void> {
  const deleted = await db
    .delete(places)
    .where(and(eq(places.id, placeId), eq(places.companyId, companyId)))
    .returning({ id: places.id });
  if (deleted.length === 0) throw notFound();
}

/** What journeys show of the places their events name: those of `identifiers` the company keeps. */
export async function placeSummaries(db: Db, companyId: number, identifiers: readonly (string | null)[]): Promise<PlaceSummary[]> {
  const wanted = [...new Set(identifiers.filter((identifier): identifier is string => identifier !== null))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      identifier: places.identifier,
      name: places.name,
      city: places.city,
      region: places.region,
      countryCode: places.countryCode,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(and(eq(places.companyId, companyId), inArray(places.identifier, wanted)));
  return rows;
}
