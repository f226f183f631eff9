import type { Routes } from '../../http.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DISCOVERY_FILTER, DISCOVERY_RESOURCES, collectionOf, discoveryPage, type DiscoveryResource } from './discovery.js';
import { createNamedQuery, deleteNamedQuery, findNamedQuery, listNamedQueries, namedQueryBodySchema, namedQueryView, parsedQueryOf } from './named-queries.js';
import { useEpcisProtocol } from './plugin.js';
import { EPCIS_DISCOVERY_HEADERS } from './problem.js';
import { parseEventQuery, type RawQueryParams } from './query-params.js';
import { queryParameterException, resourceNotFoundException } from './query-problem.js';
import { queryFingerprint, createPageTokens } from './query-token.js';
import { epcFormatOf, eventsById, formatEventTexts, formatEvents, nextPageTokenOf, perPageOf, queryDocument, queryDocumentText, queryEvents, type QueryResultsHeader } from './query.js';
import { createSubscription, deleteSubscription, findSubscription, listSubscriptions, subscriptionBodySchema, subscriptionView } from './subscriptions.js';
import { requestDeliveryPass } from './subscriptions-worker.js';
import { epcisStreamRoute } from './streams-routes.js';
import { cbvXmlFormatOf, prefersXml, queryDocumentXml, XML_CONTENT_TYPE } from './xml-write.js';

/*
 * The query side of the EPCIS 2.0 REST bindings for machine clients (API key, `Authorization:
 * Bearer`): `GET /epcis/events` with the SimpleEventQuery parameters, one event by eventID, the
 * discovery collections and their `/{value}/events`, named queries and their webhook subscriptions.
 * Answers carry the GS1 version headers and errors are problem+json (`useEpcisProtocol`); every
 * read is scoped to the key's company.
 */

const tags = ['epcis'];
const security = [{ bearerAuth: [] }];

/** What `GET /epcis` lists (the OpenAPI's TopLevelResourceCollection). */
const TOP_LEVEL_RESOURCES = ['queries', 'capture', 'events', 'eventTypes', 'epcs', 'readPoints', 'bizLocations', 'dispositions', 'bizSteps'] as const;
const collectionSchema = z.object({ '@context': z.string(), type: z.literal('Collection'), member: z.array(z.string()) });

const queryNameParams = z.object({ queryName: z.string().min(1).max(200) });
const subscriptionParams = queryNameParams.extend({ subscriptionID: z.string().min(1).max(200) });

/** The query string as Fastify parsed it (repeated keys become arrays). */
const rawParams = (request: FastifyRequest): RawQueryParams => ({ ...(request.query as RawQueryParams) });

/** `Link: <…?…&perPage=…&nextPageToken=…>; rel="next"`: the same request with the token of the next page. */
function setNextLink(request: FastifyRequest, reply: FastifyReply, perPage: number, nextPageToken: string | null): void {
  if (nextPageToken === null) return;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(rawParams(request))) {
    if (name === 'nextPageToken' || name === 'perPage' || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  search.set('perPage', String(perPage));
  search.set('nextPageToken', nextPageToken);
  const path = request.url.split('?', 1)[0];
  reply.header('link', `<${path}?${search.toString()}>; rel="next"`);
}

export const epcisQueryRoutes: Routes = async (app, { config }) => {
  useEpcisProtocol(app);
  const tokens = createPageTokens(config.JWT_SECRET);
  const onRequest = [app.authenticateApiKey];

  /** Runs a query (plus a discovery path's condition) and answers the page as an EPCISQueryDocument. */
  async function answerEvents(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    params: RawQueryParams,
    extraParams: RawQueryParams = {},
    header: QueryResultsHeader = {},
  ) {
    const { companyId } = request.apiClient;
    const format = epcFormatOf(request.headers['gs1-epc-format']);
    const raw = rawParams(request);
    const perPage = perPageOf(raw.perPage);
    const nextPageToken = nextPageTokenOf(raw.nextPageToken);
    const query = parseEventQuery(params);
    const extra = Object.keys(extraParams).length > 0 ? parseEventQuery(extraParams).conditions : [];
    const fingerprint = queryFingerprint(scope, { ...params, ...Object.fromEntries(Object.entries(extraParams).map(([k, v]) => [`path:${k}`, v])) });
    const page = await queryEvents(app.db, tokens, companyId, query, { perPage, nextPageToken, fingerprint }, extra);
    setNextLink(request, reply, perPage, page.nextPageToken);
    const events = await formatEventTexts(app.db, companyId, page.events, format);
    if (prefersXml(request.headers.accept)) {
      return reply.type(XML_CONTENT_TYPE).send(queryDocumentXml(events, header, cbvXmlFormatOf(request.headers['gs1-cbv-xml-format'])));
    }
    return reply.type('application/json; charset=utf-8').send(queryDocumentText(events, header));
  }

  // OPTIONS of each resource: the versions and formats spoken and the methods allowed (the OpenAPI's 204 discovery answers).
  const options = (url: string, allow: string) =>
    app.options(url, { schema: { tags, summary: `Settings of ${url}` } }, async (_request, reply) =>
      reply.code(204).headers({ ...EPCIS_DISCOVERY_HEADERS, Allow: allow }).send(),
    );
  options('/epcis/events/:eventID', 'OPTIONS, GET');
  options('/epcis/nextPageToken/:token', 'OPTIONS, DELETE');
  for (const resource of DISCOVERY_RESOURCES) {
    options(`/epcis/${resource}`, 'OPTIONS, GET');
    options(`/epcis/${resource}/:value`, 'OPTIONS, GET');
    options(`/epcis/${resource}/:value/events`, 'OPTIONS, GET');
  }
  options('/epcis/queries', 'OPTIONS, GET, POST');
  options('/epcis/queries/:queryName', 'OPTIONS, GET, DELETE');
  options('/epcis/queries/:queryName/events', 'OPTIONS, GET');
  options('/epcis/queries/:queryName/subscriptions', 'OPTIONS, GET, POST');
  options('/epcis/queries/:queryName/subscriptions/:subscriptionID', 'OPTIONS, GET, DELETE');

  // The root: the repository's settings (OPTIONS) and its top-level resources (GET), as the OpenAPI's `/` (trailing slash or not).
  options('/epcis', 'OPTIONS, GET');
  app.get(
    '/epcis',
    {
      onRequest,
      schema: { tags, security, summary: 'The top-level resources of this EPCIS repository (the OpenAPI root, GET /)', response: { 200: collectionSchema } },
    },
    async () => collectionOf([...TOP_LEVEL_RESOURCES]),
  );

  app.delete(
    '/epcis/nextPageToken/:token',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Release a nextPageToken',
        description: 'Page tokens are signed and hold nothing on the server, so there is nothing to release: 204 for any token.',
        params: z.object({ token: z.string().min(1).max(2000) }),
      },
    },
    async (_request, reply) => reply.code(204).send(),
  );

  app.get(
    '/epcis/events',
    { onRequest, schema: { tags, security, summary: 'EPCIS 2.0 events of the company, filtered with the SimpleEventQuery parameters (paged)' } },
    async (request, reply) => answerEvents(request, reply, 'events', rawParams(request)),
  );

  app.get(
    '/epcis/events/:eventID',
    {
      onRequest,
      schema: { tags, security, summary: 'One EPCIS event by its eventID (with the error declarations restating it)', params: z.object({ eventID: z.string().min(1).max(2000) }) },
    },
    async (request, reply) => {
      const { companyId } = request.apiClient;
      const format = epcFormatOf(request.headers['gs1-epc-format']);
      const events = await eventsById(app.db, companyId, request.params.eventID);
      if (events.length === 0) throw resourceNotFoundException(`There is no event ${request.params.eventID}`);
      const formatted = await formatEvents(app.db, companyId, events, format);
      if (prefersXml(request.headers.accept)) {
        return reply.type(XML_CONTENT_TYPE).send(queryDocumentXml(formatted, {}, cbvXmlFormatOf(request.headers['gs1-cbv-xml-format'])));
      }
      return queryDocument(formatted);
    },
  );

  for (const resource of DISCOVERY_RESOURCES) {
    app.get(
      `/epcis/${resource}`,
      { onRequest, schema: { tags, security, summary: `Discovery: the ${resource} known to the repository (paged)` } },
      async (request, reply) => {
        const raw = rawParams(request);
        for (const name of Object.keys(raw)) {
          if (name !== 'perPage' && name !== 'nextPageToken') throw queryParameterException(`${name}: discovery lists take only perPage and nextPageToken`);
        }
        const perPage = perPageOf(raw.perPage);
        const page = await discoveryPage(app.db, tokens, request.apiClient.companyId, resource as DiscoveryResource, {
          perPage,
          nextPageToken: nextPageTokenOf(raw.nextPageToken),
          format: epcFormatOf(request.headers['gs1-epc-format']),
        });
        setNextLink(request, reply, perPage, page.nextPageToken);
        return collectionOf(page.values);
      },
    );
    const valueParams = z.object({ value: z.string().min(1).max(2000) });
    app.get(
      `/epcis/${resource}/:value`,
      { onRequest, schema: { tags, security, summary: `Discovery: the sub-resources of one of the ${resource}`, params: valueParams } },
      async () => collectionOf(['events']),
    );
    app.get(
      `/epcis/${resource}/:value/events`,
      { onRequest, schema: { tags, security, summary: `Events of one of the ${resource}, with the other query parameters (paged)`, params: valueParams } },
      async (request, reply) =>
        answerEvents(request, reply, `${resource}/events`, rawParams(request), { [DISCOVERY_FILTER[resource]]: request.params.value }),
    );
  }

  app.post(
    '/epcis/queries',
    { onRequest, schema: { tags, security, summary: 'Create a named query', body: namedQueryBodySchema } },
    async (request, reply) => {
      const query = await createNamedQuery(app.db, request.apiClient.companyId, request.body);
      reply.code(201).header('location', `/epcis/queries/${encodeURIComponent(query.name)}`);
      return namedQueryView(query);
    },
  );

  app.get('/epcis/queries', { onRequest, schema: { tags, security, summary: 'The named queries of the company (paged)' } }, async (request, reply) => {
    const raw = rawParams(request);
    const perPage = perPageOf(raw.perPage);
    const page = await listNamedQueries(app.db, tokens, request.apiClient.companyId, { perPage, nextPageToken: nextPageTokenOf(raw.nextPageToken) });
    setNextLink(request, reply, perPage, page.nextPageToken);
    return page.queries.map(namedQueryView);
  });

  app.get(
    '/epcis/queries/:queryName',
    { onRequest, schema: { tags, security, summary: 'A named query', params: queryNameParams } },
    async (request) => namedQueryView(await findNamedQuery(app.db, request.apiClient.companyId, request.params.queryName)),
  );

  app.delete(
    '/epcis/queries/:queryName',
    { onRequest, schema: { tags, security, summary: 'Delete a named query and its subscriptions', params: queryNameParams } },
    async (request, reply) => {
      await deleteNamedQuery(app.db, request.apiClient.companyId, request.params.queryName);
      return reply.code(204).send();
    },
  );

  app.get(
    '/epcis/queries/:queryName/events',
    {
      onRequest,
      // With `Upgrade: websocket` and `stream=true`: a live stream of the query's new events (streams-routes.ts).
      ...epcisStreamRoute(app),
      schema: { tags, security, summary: "A named query's events (paged); with Upgrade: websocket and stream=true, a live stream of new ones", params: queryNameParams },
    },
    async (request, reply) => {
      const query = await findNamedQuery(app.db, request.apiClient.companyId, request.params.queryName);
      const raw = rawParams(request);
      for (const name of Object.keys(raw)) {
        if (name !== 'perPage' && name !== 'nextPageToken') throw queryParameterException(`${name}: a named query's events take only perPage and nextPageToken`);
      }
      parsedQueryOf(query);
      return answerEvents(request, reply, `queries/${query.id}`, query.query, {}, { queryName: query.name });
    },
  );

  app.post(
    '/epcis/queries/:queryName/subscriptions',
    { onRequest, schema: { tags, security, summary: 'Subscribe a webhook to a named query', params: queryNameParams, body: subscriptionBodySchema } },
    async (request, reply) => {
      const { companyId } = request.apiClient;
      const query = await findNamedQuery(app.db, companyId, request.params.queryName);
      const format = epcFormatOf(request.headers['gs1-epc-format']);
      const subscription = await createSubscription(app.db, companyId, query, request.body, config.EPCIS_WEBHOOK_ALLOW_PRIVATE, format);
      reply.code(201).header('location', `/epcis/queries/${encodeURIComponent(query.name)}/subscriptions/${subscription.id}`);
      await requestDeliveryPass(app.jobs);
      return subscriptionView(subscription, query.name);
    },
  );

  app.get(
    '/epcis/queries/:queryName/subscriptions',
    { onRequest, schema: { tags, security, summary: "A named query's subscriptions (paged)", params: queryNameParams } },
    async (request, reply) => {
      const { companyId } = request.apiClient;
      const query = await findNamedQuery(app.db, companyId, request.params.queryName);
      const raw = rawParams(request);
      const perPage = perPageOf(raw.perPage);
      const page = await listSubscriptions(app.db, tokens, companyId, query, { perPage, nextPageToken: nextPageTokenOf(raw.nextPageToken) });
      setNextLink(request, reply, perPage, page.nextPageToken);
      return page.subscriptions.map((row) => subscriptionView(row, query.name));
    },
  );

  app.get(
    '/epcis/queries/:queryName/subscriptions/:subscriptionID',
    { onRequest, schema: { tags, security, summary: 'One subscription', params: subscriptionParams } },
    async (request) => {
      const { companyId } = request.apiClient;
      const query = await findNamedQuery(app.db, companyId, request.params.queryName);
      return subscriptionView(await findSubscription(app.db, companyId, query, request.params.subscriptionID), query.name);
    },
  );

  app.delete(
    '/epcis/queries/:queryName/subscriptions/:subscriptionID',
    { onRequest, schema: { tags, security, summary: 'Unsubscribe', params: subscriptionParams } },
    async (request, reply) => {
      const { companyId } = request.apiClient;
      const query = await findNamedQuery(app.db, companyId, request.params.queryName);
      await deleteSubscription(app.db, companyId, query, request.params.subscriptionID);
      return reply.code(204).send();
    },
  );
};
