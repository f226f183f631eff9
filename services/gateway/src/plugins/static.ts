import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder } from '../lib/routed-path.js';

/** Paths that belong to the gateway or the API and never fall back to the console's index.html. */
const RESERVED = ['/bff', '/api', '/healthz', '/readyz', '/metrics'];

const isReserved = (path: string) => RESERVED.some((prefix) => isUnder(path, prefix));

/** `/{serviceName}/product-details/{id}/preview` and its views: the page a shopper's scan opens. */
const isLandingPage = (path: string) => /^\/[^/]+\/product-details\/[^/]+\/preview(?:\/|$)/.test(path);

/**
 * The console's pages: scripts only from the console's own files (Vite's build has no inline
 * script), styles also inline (styled-components writes its rules into style elements), images
 * also as data: and blob: URLs (picked files are previewed before upload), never framed.
 *
 * The consumer product view (the landing page, and the editor's phone frame inside the console)
 * shows what a brand put on its page: images of image blocks may be any https address; a video
 * block plays in the privacy-friendly players of YouTube (youtube-nocookie.com) and Vimeo, framed
 * only after the viewer presses play; an uploaded MP4 plays from the API's files (decision 040).
 * Scripts, connections, objects and forms stay as strict as before.
 */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

const CONSOLE_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", ...VIDEO_PLAYERS],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const CONSOLE_HEADERS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Browsers heed it only over https; not for subdomains, which may be other services' hosts.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

/**
 * The landing page may be shown inside the console (the editor's phone preview), nowhere else.
 * Also the headers of the server-rendered landing (routes/landing): its one script is a file of
 * the build ('self'); the state it inlines is a JSON data block, which CSP does not run.
 */
export const LANDING_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_DIRECTIVES, frameAncestors: ["'self'"] } },
  frameguard: { action: 'sameorigin' as const },
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
      // The build writes file.br and file.gz beside each file worth it (decision 073): the one the
      // client's Accept-Encoding prefers is sent, the file itself otherwise. They are no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Cache-Control is set below, per kind of file.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        const immutable = filePath.startsWith(path.join(rootDir, 'assets') + path.sep);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    if (!hasIndex) return;
    // The pages get the browser's protections from helmet, in a context of their own so that the
    // proxied calls and the resolver do not pay for headers a JSON answer or a redirect does not use.
    await app.register(async (pages) => {
      await pages.register(fastifyHelmet, CONSOLE_HEADERS);
      pages.get('/*', (request, reply) => {
        if (isReserved(request.routedPath) || !acceptsHtml(request)) return reply.callNotFound();
        if (isLandingPage(request.routedPath)) void reply.helmet(LANDING_HEADERS);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
      pages.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    });
  },
  { name: 'static', fastify: '5.x', dependencies: ['errors', 'routed-path', 'compression'] },
);
