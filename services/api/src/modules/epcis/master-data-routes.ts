import { z } from 'zod';
import type { Routes } from '../../http.js';
import { MASTER_DATA_PAGE_MAX, locationVocabularies } from '../places/master-data.js';
import { useEpcisProtocol } from './plugin.js';
import { epcisErrors } from './problem.js';

/*
 * The company's location master data read back (decision 081): `GET /epcis/masterdata` answers an
 * EPCISDocument whose `epcisHeader.epcisMasterData.vocabularyList` holds its places as ReadPoint and
 * BusinessLocation vocabulary elements (CBV attributes as `cbvmda:…`, children by identifier) and
 * whose eventList is empty: the document a capture takes back as it is. The standard's OpenAPI has
 * no master-data resource; this is the repository's own, beside its query resources.
 */

const tags = ['epcis'];
const security = [{ bearerAuth: [] }];
const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

const querySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(MASTER_DATA_PAGE_MAX).default(MASTER_DATA_PAGE_MAX),
  nextPageToken: z.string().max(40).optional(),
});

function afterIdOf(token: string | undefined): number {
  if (token === undefined) return 0;
  const id = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id < 1) throw epcisErrors.queryParameter('nextPageToken is not one this repository gave');
  return id;
}

export const epcisMasterDataRoutes: Routes = async (app) => {
  useEpcisProtocol(app);
  app.get(
    '/epcis/masterdata',
    {
      onRequest: [app.authenticateApiKey],
      schema: {
        tags,
        security,
        summary: "The company's places as EPCIS 2.0 location master data (ReadPoint and BusinessLocation vocabularies), paged",
        description:
          'An EPCISDocument with an empty eventList and `epcisHeader.epcisMasterData.vocabularyList`: each place once in each vocabulary, with its CBV attributes (`cbvmda:name`, `cbvmda:city`, `cbvmda:countryCode`, `cbvmda:latitude`…), the other attributes its master data gave, and the places inside it as `children`. `perPage` places a page (at most 1000); `Link: <…&nextPageToken=…>; rel="next"` when more follow.',
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const { perPage, nextPageToken } = request.query as z.infer<typeof querySchema>;
      const { vocabularyList, next } = await locationVocabularies(app.db, request.apiClient.companyId, perPage, afterIdOf(nextPageToken));
      if (next !== null) {
        reply.header('link', `</epcis/masterdata?perPage=${perPage}&nextPageToken=${Buffer.from(String(next)).toString('base64url')}>; rel="next"`);
      }
      return reply.type('application/json; charset=utf-8').send({
        '@context': [EPCIS_CONTEXT],
        type: 'EPCISDocument',
        schemaVersion: '2.0',
        creationDate: new Date().toISOString(),
        epcisHeader: { epcisMasterData: { vocabularyList } },
        epcisBody: { eventList: [] },
      });
    },
  );
};
