import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundHandler } from './errors';
import { withoutQuery } from './logging';

const API_PREFIXES = ['/api/', '/m/', '/pay/'];

/**
 * Serves the built SPA (vite build -> dist/) from the API's origin: files as they are, every other
 * GET that is not an API path gets index.html so client-side routes load on refresh.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const hasIndex = existsSync(resolve(root, 'index.html'));
  if (!hasIndex) app.log.warn({ root }, 'no built SPA found; run `npm run build` (npm start does)');
  else await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });

  app.setNotFoundHandler((request, reply) => {
    const path = withoutQuery(request.url);
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/api';
    if (hasIndex && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return notFoundHandler(request, reply);
  });
}
