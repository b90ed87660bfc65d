import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

/**
 * Serves the built web app and answers every unknown path: an API path (or a non-GET) gets the
 * envelope's 404, any other path index.html so the client-side router can show it.
 */
export async function registerWeb(app: FastifyInstance, dist: string) {
  const built = existsSync(join(dist, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  else app.log.warn(`web app not built (${dist}); serving the API only`);
  app.setNotFoundHandler((req, reply) => {
    if (!built || req.url.startsWith('/api') || req.method !== 'GET') {
      return reply.status(404).send(fail(404, `接口不存在: ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
