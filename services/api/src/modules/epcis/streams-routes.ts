import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { findNamedQuery, parsedQueryOf } from './named-queries.js';
import { EpcisException, epcisProblems } from './problem.js';
import { queryParameterException, subscriptionControlsException } from './query-problem.js';
import { epcFormatOf } from './query.js';
import type { StreamSpec } from './streams.js';

/*
 * The WebSocket side of `GET /epcis/queries/{name}/events` (EPCIS 2.0 OpenAPI: `Upgrade: websocket`
 * with `stream=true`; decision 082). The handshake is checked like any EPCIS call (API key, the
 * named query, `GS1-EPC-Format`) and refused with problem+json before the upgrade; after it, the
 * stream hub (streams.ts) sends each newly captured matching event. Scheduled queries are offered
 * as webhook subscriptions only.
 */

/** The OpenAPI's query-subscription parameters of this endpoint other than `stream`. */
const SCHEDULE_PARAMS = new Set(['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'reportIfEmpty', 'initialRecordTime']);

/** The route options that add the stream to the named query's events route: spread them into its options. */
export function epcisStreamRoute(app: FastifyInstance) {
  const specs = new WeakMap<FastifyRequest, StreamSpec>();

  /** Checks a WebSocket handshake while it can still be answered with a problem; plain GETs pass. */
  async function preHandler(request: FastifyRequest) {
    if (!request.ws) return;
    const raw = { ...(request.query as Record<string, unknown>) };
    for (const name of Object.keys(raw)) {
      if (name === 'stream') continue;
      if (SCHEDULE_PARAMS.has(name)) {
        throw subscriptionControlsException(`${name}: scheduled queries are delivered by webhook subscriptions (POST /epcis/queries/{name}/subscriptions); a WebSocket streams with stream=true`);
      }
      throw queryParameterException(`${name}: a query stream takes only stream=true`);
    }
    if (raw.stream !== 'true') throw subscriptionControlsException('stream: a WebSocket subscription asks for stream=true');
    const format = epcFormatOf(request.headers['gs1-epc-format']);
    const { companyId, apiKeyId } = request.apiClient;
    const { queryName } = request.params as { queryName: string };
    const query = await findNamedQuery(app.db, companyId, queryName);
    const { conditions } = parsedQueryOf(query);
    if (!app.epcisStreams.hasRoom(apiKeyId)) throw new EpcisException(epcisProblems.tooManyRequests('This API key holds as many open streams as it may; close one first'));
    // Listening before the upgrade: an event captured once the client holds its socket is not missed.
    await app.epcisStreams.ready();
    specs.set(request, { companyId, apiKeyId, queryId: query.id, queryName: query.name, conditions, format });
  }

  function wsHandler(socket: WebSocket, request: FastifyRequest) {
    const spec = specs.get(request);
    if (!spec) {
      socket.close(1011, 'The stream was not prepared');
      return;
    }
    app.epcisStreams.open(socket, spec);
  }

  return { preHandler, wsHandler };
}
