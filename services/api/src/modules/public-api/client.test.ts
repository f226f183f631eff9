import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, clientFiles } from './client-files.js';

describe('the typed client (packages/client)', () => {
  it('holds the OpenAPI document and the types the routes generate now', async () => {
    const files = await clientFiles();
    expect(Object.keys(files)).toEqual(['openapi.json', 'src/schema.ts']);
    for (const [path, text] of Object.entries(files)) {
      const committed = await readFile(join(CLIENT_DIR, path), 'utf8');
      expect(committed === text, `packages/client/${path} is stale: run npm run generate:client -w services/api`).toBe(true);
    }
    // What the routes validate is what the client is typed with.
    const document = JSON.parse(files['openapi.json']);
    expect(document.paths['/api/v1/products/{productId}/serials'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/SerialsCreateInput');
    expect(document.components.schemas.SerialsCreateInput.properties.serials.maxItems).toBe(1000);
    expect(files['src/schema.ts']).toContain('"/api/v1/products/{productId}/passport/publish"');
  });
});
