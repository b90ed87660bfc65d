import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

/** Serves the built web app; any non-API path falls back to index.html (client-side routes). */
export async function registerWeb(app: FastifyInstance, dist: string) {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist}); serving the API only`);
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || req.method !== 'GET') {
      return reply.status(404).send(fail(404, `接口不存在: ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
