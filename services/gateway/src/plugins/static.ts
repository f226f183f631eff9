import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the gateway or the API and never fall back to the console's index.html. */
const RESERVED = ['/bff', '/api', '/healthz', '/readyz', '/metrics'];

const isReserved = (url: string) => {
  const pathname = url.split('?', 1)[0];
  return RESERVED.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export interface StaticPluginOptions {
  root: string;
}

/**
 * Serves the built console. Files are listed once at boot (`wildcard: false`), so every other GET
 * can be the SPA fallback: a browser navigation (Accept: text/html) outside the reserved prefixes
 * gets index.html and the client router decides, including its own 404 page.
 */
export default fp<StaticPluginOptions>(
  async (app, { root }) => {
    const rootDir = path.resolve(root);
    if (!existsSync(rootDir) || !statSync(rootDir).isDirectory()) {
      app.log.info({ root: rootDir }, 'web build not found; the console is not served');
      return;
    }
    const hasIndex = existsSync(path.join(rootDir, 'index.html'));

    await app.register(fastifyStatic, {
      root: rootDir,
      wildcard: false,
      index: false,
      // Cache-Control is set below, per kind of file.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        const immutable = filePath.startsWith(path.join(rootDir, 'assets') + path.sep);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    if (!hasIndex) return;
    app.get('/*', (request, reply) => {
      if (isReserved(request.url) || !acceptsHtml(request)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  },
  { name: 'static', fastify: '5.x', dependencies: ['errors'] },
);
