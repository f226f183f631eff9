import fp from 'fastify-plugin';
import type { Config } from '../../../config.js';
import type { KeySealer } from '../../credentials/keys.js';
import { createNfcKeySealer } from './keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens NFC master keys and imported tag keys (its own key derived from CREDENTIAL_KEY_SECRET). */
    nfcKeySealer: KeySealer;
  }
}

/** Decorates the app with the NFC key sealer, so that routes call `checkTap(app.db, app.nfcKeySealer, …)`. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('nfcKeySealer', createNfcKeySealer(config.CREDENTIAL_KEY_SECRET));
  },
  { name: 'nfc-key-sealer' },
);
