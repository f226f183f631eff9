import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.js';
import type { Condition } from './query-params.js';
import { formatEventTexts, queryDocumentText, selectRows, type EpcFormat } from './query.js';
import { conditionSql } from './query-sql.js';

/*
 * Live EPCIS streams (`GET /epcis/queries/{name}/events?stream=true` over a WebSocket, decision 082).
 * Each API process keeps its open streams here. What was captured reaches every process by
 * PostgreSQL's LISTEN/NOTIFY on the channel `epcis_streams`: a trigger on `epcis_events` notifies
 * the ids of the rows each committed insert stored, by company (migration `epcis_streams`), so a
 * capture stored by any replica, through any path (capture job, single event, the console, a
 * recall), reaches a socket held by any other, and a rolled-back capture reaches none. A process
 * then reads those rows that match each open stream's named query and sends them as one
 * EPCISQueryDocument per notification (`subscriptionID` is the stream's id).
 *
 * Bounded: a key holds at most `perKeyMax` streams on a process; a stream is pinged every `pingMs`
 * and closed when it did not answer the previous ping; its key is checked again at each ping and,
 * at once, when it is revoked (the trigger on `api_keys` notifies); deleting the named query closes
 * its streams; a client reading too slowly (more than `STREAM_BUFFER_MAX_BYTES` waiting) is closed.
 * Streams are live only: what is captured while no socket is open is read with the query itself.
 */

export const STREAMS_CHANNEL = 'epcis_streams';
/** Bytes waiting to be sent to one socket before the stream is closed as too slow. */
export const STREAM_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

/** WebSocket close codes the streams use (RFC 6455 § 7.4.1). */
export const STREAM_CLOSE = {
  /** The named query was deleted (the standard: "forcibly unsubscribes"). */
  unsubscribed: 1000,
  /** The key was revoked or no longer authenticates, or the client reads too slowly. */
  policy: 1008,
  /** The server is stopping. */
  goingAway: 1001,
  /** The key holds as many streams as it may. */
  tryAgainLater: 1013,
} as const;

export interface StreamSpec {
  companyId: number;
  apiKeyId: string;
  queryId: number;
  queryName: string;
  conditions: Condition[];
  format: EpcFormat;
}

interface OpenStream extends StreamSpec {
  id: string;
  socket: WebSocket;
  alive: boolean;
}

export interface StreamHubOptions {
  db: Db;
  /** LISTEN on a channel (`Database.listen`). */
  listen(channel: string, onNotify: (payload: string) => void, onError?: (error: Error) => void): Promise<() => Promise<void>>;
  /** Which of these API key ids still authenticate (the api-keys module's judgement). */
  liveKeys(apiKeyIds: readonly string[]): Promise<Set<string>>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pingMs: number;
  perKeyMax: number;
}

export interface StreamHub {
  /** Whether the key may open one more stream on this process. */
  hasRoom(apiKeyId: string): boolean;
  /** Starts listening (once per process); resolves when notifications are received. */
  ready(): Promise<void>;
  /** Keeps a socket that has just been opened; answers its stream id. */
  open(socket: WebSocket, spec: StreamSpec): string;
  /** Open streams on this process. */
  size(): number;
  close(): Promise<void>;
}

interface Notification {
  c?: unknown;
  ids?: unknown;
  k?: unknown;
  q?: unknown;
}

const OPEN = 1;

export function createStreamHub(options: StreamHubOptions): StreamHub {
  const { db, log } = options;
  const streams = new Set<OpenStream>();
  const perKey = new Map<string, number>();
  let listening: Promise<() => Promise<void>> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  // Notifications are handled one after another, so a stream receives captures in commit order.
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  function forget(stream: OpenStream) {
    if (!streams.delete(stream)) return;
    const left = (perKey.get(stream.apiKeyId) ?? 1) - 1;
    if (left <= 0) perKey.delete(stream.apiKeyId);
    else perKey.set(stream.apiKeyId, left);
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function end(stream: OpenStream, code: number, reason: string) {
    forget(stream);
    if (stream.socket.readyState === OPEN) stream.socket.close(code, reason);
    else stream.socket.terminate();
  }

  function closeWhere(test: (stream: OpenStream) => boolean, code: number, reason: string) {
    for (const stream of [...streams]) if (test(stream)) end(stream, code, reason);
  }

  /** Sends the rows `ids` of the company to each of its streams whose query they match. */
  async function deliver(companyId: number, ids: number[]) {
    const byQuery = new Map<number, OpenStream[]>();
    for (const stream of streams) {
      if (stream.companyId !== companyId) continue;
      byQuery.set(stream.queryId, [...(byQuery.get(stream.queryId) ?? []), stream]);
    }
    for (const group of byQuery.values()) {
      const conditions = group[0].conditions.map((condition) => sql` and (${conditionSql(condition, companyId)})`);
      const rows = await selectRows<{ document: string }>(
        db,
        sql`
        select document::text as document from epcis_events
        where company_id = ${companyId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)${sql.join(conditions, sql``)}
        order by id`,
      );
      if (rows.length === 0) continue;
      const texts = rows.map((row) => row.document);
      const byFormat = new Map<EpcFormat, string[]>();
      for (const stream of group) {
        if (!streams.has(stream) || stream.socket.readyState !== OPEN) continue;
        if (!byFormat.has(stream.format)) byFormat.set(stream.format, await formatEventTexts(db, companyId, texts, stream.format));
        if (stream.socket.bufferedAmount > STREAM_BUFFER_MAX_BYTES) {
          end(stream, STREAM_CLOSE.policy, 'The client reads too slowly');
          continue;
        }
        stream.socket.send(queryDocumentText(byFormat.get(stream.format) as string[], { queryName: stream.queryName, subscriptionID: stream.id }));
      }
    }
  }

  async function handle(message: Notification) {
    if (typeof message.k === 'string') closeWhere((stream) => stream.apiKeyId === message.k, STREAM_CLOSE.policy, 'The API key was revoked');
    if (typeof message.q === 'number') closeWhere((stream) => stream.queryId === message.q, STREAM_CLOSE.unsubscribed, 'The named query was deleted');
    if (typeof message.c === 'number' && Array.isArray(message.ids)) {
      const ids = message.ids.filter((id): id is number => Number.isSafeInteger(id));
      if (ids.length > 0 && [...streams].some((stream) => stream.companyId === message.c)) await deliver(message.c, ids);
    }
  }

  function onNotify(payload: string) {
    let message: Notification;
    try {
      message = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || streams.size === 0) return;
    chain = chain.then(() => handle(message)).catch((err: unknown) => log.error({ err }, 'an EPCIS stream notification could not be handled'));
  }

  /** Pings each stream, closes those that did not answer the last ping, and closes those whose key no longer authenticates. */
  async function beat() {
    for (const stream of [...streams]) {
      if (!stream.alive || stream.socket.readyState !== OPEN) {
        forget(stream);
        stream.socket.terminate();
        continue;
      }
      stream.alive = false;
      stream.socket.ping();
    }
    const keys = [...perKey.keys()];
    if (keys.length === 0) return;
    const live = await options.liveKeys(keys);
    closeWhere((stream) => !live.has(stream.apiKeyId), STREAM_CLOSE.policy, 'The API key no longer authenticates');
  }

  return {
    hasRoom: (apiKeyId) => (perKey.get(apiKeyId) ?? 0) < options.perKeyMax,

    async ready() {
      if (closed) throw new Error('the stream hub is closed');
      listening ??= options.listen(STREAMS_CHANNEL, onNotify, (error) => log.warn({ err: error }, 'the EPCIS streams listener lost its connection'));
      try {
        await listening;
      } catch (err) {
        listening = null;
        throw err;
      }
    },

    open(socket, spec) {
      const stream: OpenStream = { ...spec, id: randomUUID(), socket, alive: true };
      if (closed) {
        socket.close(STREAM_CLOSE.goingAway, 'The server is stopping');
        return stream.id;
      }
      if ((perKey.get(spec.apiKeyId) ?? 0) >= options.perKeyMax) {
        socket.close(STREAM_CLOSE.tryAgainLater, `An API key may hold ${options.perKeyMax} open streams`);
        return stream.id;
      }
      streams.add(stream);
      perKey.set(spec.apiKeyId, (perKey.get(spec.apiKeyId) ?? 0) + 1);
      socket.on('pong', () => (stream.alive = true));
      socket.on('close', () => forget(stream));
      socket.on('error', () => forget(stream));
      // Clients have nothing to say on a stream: a message is ignored (the server's maxPayload bounds it).
      socket.on('message', () => undefined);
      // A first ping says the stream is live: through the gateway a client's socket opens before the
      // API's does, and a client that must not miss the next capture waits for it.
      socket.ping();
      heartbeat ??= setInterval(() => {
        beat().catch((err: unknown) => log.error({ err }, 'the EPCIS streams heartbeat failed'));
      }, options.pingMs);
      heartbeat.unref();
      return stream.id;
    },

    size: () => streams.size,

    async close() {
      closed = true;
      closeWhere(() => true, STREAM_CLOSE.goingAway, 'The server is stopping');
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      const stop = listening;
      listening = null;
      if (stop) await (await stop.catch(() => async () => undefined))();
    },
  };
}
