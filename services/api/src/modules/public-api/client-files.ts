import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildPublicApiDocument } from './document.js';

/*
 * The generated files of the typed client (packages/client): the OpenAPI document as served, and
 * its TypeScript types by openapi-typescript. `npm run generate:client -w services/api` writes
 * them; a test fails while the committed files differ from what the routes generate now.
 */

export const CLIENT_DIR = fileURLToPath(new URL('../../../../../packages/client/', import.meta.url));

const HEADER = '/* Generated from the OpenAPI document of /api/v1 by openapi-typescript: `npm run generate:client -w services/api`. Do not edit. */\n\n';

/** The client's generated files by their path inside packages/client. */
export async function clientFiles(): Promise<Record<string, string>> {
  const document = await buildPublicApiDocument();
  // A property with a default may be left out of a request: not required in the types (openapi-typescript makes it so by default).
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false }));
  return {
    'openapi.json': `${JSON.stringify(document, null, 2)}\n`,
    'src/schema.ts': `${HEADER}${types}`,
  };
}
