import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { Config } from '../config.js';
import { liveApiKeyIds } from '../modules/api-keys/service.js';
import { createStreamHub, type StreamHub } from '../modules/epcis/streams.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's open EPCIS WebSocket streams (modules/epcis/streams.ts). */
    epcisStreams: StreamHub;
  }
}

/** Largest message a stream client may send (it has nothing to say; decision 082). */
const CLIENT_MESSAGE_MAX_BYTES = 4096;

/**
 * WebSockets on the API (@fastify/websocket) and the hub of live EPCIS streams, fed by the
 * database's notifications (decision 082). Open streams are closed with the app.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(websocket, { options: { maxPayload: CLIENT_MESSAGE_MAX_BYTES } });
    const hub = createStreamHub({
      db: app.db,
      listen: (channel, onNotify, onError) => app.database.listen(channel, onNotify, onError),
      liveKeys: (ids) => liveApiKeyIds(app.db, ids),
      log: app.log,
      pingMs: config.EPCIS_STREAM_PING_MS,
      perKeyMax: config.EPCIS_STREAMS_PER_KEY,
    });
    app.decorate('epcisStreams', hub);
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'epcis-streams', dependencies: ['db'] },
);
