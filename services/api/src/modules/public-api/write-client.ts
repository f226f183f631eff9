import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_DIR, clientFiles } from './client-files.js';

/* `npm run generate:client -w services/api`: writes the typed client's generated files. */
for (const [path, text] of Object.entries(await clientFiles())) {
  await writeFile(join(CLIENT_DIR, path), text);
  console.log(`wrote packages/client/${path}`);
}
