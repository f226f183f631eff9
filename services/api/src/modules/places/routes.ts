import { z } from 'zod';
import {
  PLACES_PER_COMPANY_MAX,
  PLACE_DEPTH_MAX,
  PLACE_FILE_COLUMNS,
  PLACE_IMPORT_MAX_ROWS,
  errorBodySchema,
  placeCreateBodySchema,
  placeIdQuerySchema,
  placeImportResultSchema,
  placeListQuerySchema,
  placePageResponseSchema,
  placeResponseSchema,
  placeUpdateBodySchema,
  resultTrueSchema,
  serialImportFailureSchema,
} from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireAdmin, requireCompany } from '../../plugins/auth.js';
import { SerialImportRejected } from '../data/serials.js';
import { requireService } from '../plans/require-service.js';
import { importPlaces } from './import.js';
import { createPlace, deletePlace, getPlace, listPlaces, updatePlace } from './service.js';

const tags = ['places'];
const access = 'Roles 1 and 2 (a sub-admin gets 403) with the DPP service in the plan (403 E403004), as the rest of traceability; another company’s place answers 404.';
const fields =
  'A GLN (13 digits, its check digit last) and an optional extension (AI 254) make the place’s identifier, once per company (409). The country is ISO 3166-1 alpha-2; latitude and longitude go together. `parentId` is the place it is inside (a dock inside a warehouse): a place of the company, not the place itself or one inside it, at most ' +
  `${PLACE_DEPTH_MAX} levels deep (400 on parentId).`;

/** The company's places (decision 081): the Locations screen under Traceability. */
export const placeRoutes: Routes = async (app) => {
  const onRequest = [app.authenticate, requireCompany, requireAdmin, requireService('DPP')];

  app.get(
    '/api/trace/places',
    {
      onRequest,
      schema: {
        tags,
        summary: "A page of the company's places by name, optionally matching part of the name, city or GLN",
        description: access,
        security: bearerAuth,
        querystring: placeListQuerySchema,
        response: { 200: placePageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { result, total } = await listPlaces(app.db, companyIdOf(request.auth), request.query);
      return { result, pageInfo: { total, page, size } };
    },
  );

  app.get(
    '/api/trace/places/one',
    {
      onRequest,
      schema: { tags, summary: 'One place', description: access, security: bearerAuth, querystring: placeIdQuerySchema, response: { 200: placeResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ result: await getPlace(app.db, companyIdOf(request.auth), request.query.placeId) }),
  );

  app.post(
    '/api/trace/places',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a place',
        description: `${fields} At most ${PLACES_PER_COMPANY_MAX} places a company (409). ${access}`,
        security: bearerAuth,
        body: placeCreateBodySchema,
        response: { 201: placeResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ result: await createPlace(app.db, companyIdOf(request.auth), request.body) }),
  );

  app.put(
    '/api/trace/places',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a place (every field, as the form sends it)',
        description: `${fields} Master-data attributes other than those the form edits stay. ${access}`,
        security: bearerAuth,
        querystring: placeIdQuerySchema,
        body: placeUpdateBodySchema,
        response: { 200: placeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ result: await updatePlace(app.db, companyIdOf(request.auth), request.query.placeId, request.body) }),
  );

  app.delete(
    '/api/trace/places',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a place',
        description: `Places inside it move to the top; events keep naming its GLN (shown bare again). ${access}`,
        security: bearerAuth,
        querystring: placeIdQuerySchema,
        response: { 200: resultTrueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deletePlace(app.db, companyIdOf(request.auth), request.query.placeId);
      return { result: true as const };
    },
  );

  app.post(
    '/api/trace/places/import',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Import places from an .xlsx or .csv file, all or none',
        description: [
          'multipart/form-data with one `file`, recognised by its content (an xlsx workbook or CSV text).',
          `The first row is a header naming the columns ${PLACE_FILE_COLUMNS.map((column) => `\`${column}\``).join(', ')} (case, spaces, \`_\` and \`-\` ignored); \`gln\` and \`name\` are required.`,
          'A GLN and extension the company keeps already is updated with the row; a new one is created. `parentGln`/`parentExtension` name a place of the file or of the company.',
          `At most ${PLACE_IMPORT_MAX_ROWS} rows. Any refused row refuses the file: 400 lists the rows (row numbers as the sheet shows them).`,
          access,
        ].join(' '),
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        response: {
          200: placeImportResultSchema,
          400: z.union([serialImportFailureSchema, errorBodySchema]).describe('Rows refused (details: row, value, message) or invalid input (details: path, message)'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      try {
        return await importPlaces(app.db, companyIdOf(request.auth), request);
      } catch (error) {
        if (error instanceof SerialImportRejected) return reply.code(400).send(error.failure);
        throw error;
      }
    },
  );
};
