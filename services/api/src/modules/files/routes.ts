import type { Routes } from '../../http.js';
import { z } from 'zod';
import { text } from '@product-console/shared';
import { notFound } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { isValidStorageKey } from '../../plugins/storage.js';
import { authorizeProduct } from '../access/policies.js';
import { REPORT_PHOTO_FOLDER } from '../authenticity/reports.js';
import { passportFileReader } from '../passports/service.js';
import { FILES_PATH_PREFIX } from '../products/images.js';
import { CODE_FILE_FOLDER } from '../codes/service.js';

/** A passport's files: `passports/{productId}/…`. */
const PASSPORT_FILE = /^passports\/(\d{1,10})\//;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, no-store';

/**
 * `GET /api/files/*`: stored files (images, logos, passport documents). Keys are random or
 * content-addressed and never rewritten, so public answers are cached for a year. A passport's
 * file is public only when a published version shows it publicly (or it is a certificate's
 * document); a restricted one needs the access link's token (`?access=`), and the console reads
 * any of its own products' files with its bearer token: those answers are private, never stored.
 */
export const fileRoutes: Routes = async (app) => {
  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (public, immutable; a passport document may need its access link or the console)',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ access: text().trim().max(200).optional().describe("A passport access link's token, for a restricted document") }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      // Shoppers' report photos are the brand's only (`GET /api/authenticity/reports/photo`), and
      // exported codes are downloaded through their job (`GET /api/product/codes/jobs/{id}/file`): never public.
      if (!isValidStorageKey(key) || key.startsWith(REPORT_PHOTO_FOLDER) || key.startsWith(CODE_FILE_FOLDER)) throw notFound();
      let cacheControl = IMMUTABLE;
      const passportFile = PASSPORT_FILE.exec(key);
      if (passportFile) {
        const productId = Number(passportFile[1]);
        if (request.headers.authorization !== undefined) {
          await app.authenticate.call(app, request, reply);
          await authorizeProduct(app.db, request.auth, companyIdOf(request.auth), productId, 'read');
          cacheControl = PRIVATE;
        } else {
          const reader = await passportFileReader(app.db, productId, `${FILES_PATH_PREFIX}${key}`, request.query.access || undefined);
          if (reader === null) throw notFound();
          if (reader === 'restricted') cacheControl = PRIVATE;
        }
      }
      const file = await app.storage.get(key);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.stream);
    },
  );
};
