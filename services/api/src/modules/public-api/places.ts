import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { v1Page, v1PageQuerySchema, v1PlaceIdParamSchema, v1PlaceSchema, v1PlaceWriteSchema } from '@product-console/shared';
import { z } from 'zod';
import type { Routes } from '../../http.js';
import { createPlace, deletePlace, getPlace, toPlace, updatePlace } from '../places/service.js';
import { places } from '../places/tables.js';
import { requireScope } from './auth.js';
import { keySecurity, problems } from './openapi.js';
import { afterCursor, cursorTime, decodeCursor, pageOf } from './paging.js';
import { v1Errors } from './problem.js';

const tags = ['places'];
const parent = alias(places, 'parent');

/**
 * The company's places (GLN and SGLN, address, coordinates): the places service's rules. Places
 * belong to the whole company, not to a project: a key limited to one project is refused (403).
 */
export const v1PlaceRoutes: Routes = async (app) => {
  const companyWide = async (request: FastifyRequest) => {
    if (request.apiClient.projectId !== null) throw v1Errors.companyWideOnly();
  };

  app.get(
    '/places',
    {
      onRequest: [requireScope(app, 'places:read'), companyWide],
      schema: {
        tags,
        operationId: 'listPlaces',
        summary: 'List the company’s places, in the order of their last change',
        description: 'Scope `places:read`, a key for the whole company. Cursor paging and `updatedSince`.',
        security: keySecurity,
        querystring: v1PageQuerySchema,
        response: { 200: v1Page(v1PlaceSchema), ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, cursor: cursorText, updatedSince } = request.query;
      const cursor = decodeCursor(cursorText);
      const conditions: (SQL | undefined)[] = [eq(places.companyId, request.apiClient.companyId)];
      if (updatedSince !== undefined) conditions.push(gte(places.updatedAt, new Date(updatedSince)));
      if (cursor) conditions.push(afterCursor(places.updatedAt, places.id, cursor));
      const rows = await app.db
        .select({ place: places, parentName: parent.name, id: places.id, cursorTime: cursorTime(places.updatedAt) })
        .from(places)
        .leftJoin(parent, eq(parent.id, places.parentId))
        .where(and(...conditions))
        .orderBy(asc(places.updatedAt), asc(places.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit);
      return { data: page.rows.map((row) => toPlace(row.place, row.parentName)), next: page.next };
    },
  );

  app.get(
    '/places/:placeId',
    {
      onRequest: [requireScope(app, 'places:read'), companyWide],
      schema: {
        tags,
        operationId: 'getPlace',
        summary: 'One place',
        description: 'Scope `places:read`, a key for the whole company.',
        security: keySecurity,
        params: v1PlaceIdParamSchema,
        response: { 200: v1PlaceSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => getPlace(app.db, request.apiClient.companyId, request.params.placeId),
  );

  app.post(
    '/places',
    {
      onRequest: [requireScope(app, 'places:write'), companyWide],
      schema: {
        tags,
        operationId: 'createPlace',
        summary: 'Create a place (a GLN, with an extension for an SGLN)',
        description: 'Scope `places:write`, a key for the whole company. A GLN and extension the company has already is 409. Send `Idempotency-Key` to retry safely.',
        security: keySecurity,
        body: v1PlaceWriteSchema,
        response: { 201: v1PlaceSchema, ...problems(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlace(app.db, request.apiClient.companyId, request.body)),
  );

  app.put(
    '/places/:placeId',
    {
      onRequest: [requireScope(app, 'places:write'), companyWide],
      schema: {
        tags,
        operationId: 'updatePlace',
        summary: 'Replace a place’s fields',
        description: 'Scope `places:write`, a key for the whole company.',
        security: keySecurity,
        params: v1PlaceIdParamSchema,
        body: v1PlaceWriteSchema,
        response: { 200: v1PlaceSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePlace(app.db, request.apiClient.companyId, request.params.placeId, request.body),
  );

  app.delete(
    '/places/:placeId',
    {
      onRequest: [requireScope(app, 'places:write'), companyWide],
      schema: {
        tags,
        operationId: 'deletePlace',
        summary: 'Delete a place (the places inside it move to the top)',
        description: 'Scope `places:write`, a key for the whole company.',
        security: keySecurity,
        params: v1PlaceIdParamSchema,
        response: { 204: z.null().describe('Deleted'), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deletePlace(app.db, request.apiClient.companyId, request.params.placeId);
      return reply.code(204).send(null);
    },
  );
};
