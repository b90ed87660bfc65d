import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from '../core/envelope.ts';

// Vite names every file under assets/ by its content hash: a changed file gets a new name, so a
// browser may keep these for good. Everything else (index.html names the current assets) is
// checked on every visit.
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app and answers every unknown path: an API path (or a non-GET) gets the
 * envelope's 404, any other path index.html so the client-side router can show it. The build
 * writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts); the copy the
 * browser accepts is sent instead of the file, so no request pays for compressing it.
 */
export async function registerWeb(app: FastifyInstance, dist: string) {
  const built = existsSync(join(dist, 'index.html'));
  // by the path below dist, so a dist that itself lies under some "assets" folder changes nothing
  const assets = join(dist, 'assets') + sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the copies are sent in place of their file, never under their own names
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assets) ? FOREVER : 'no-cache'),
    });
  } else app.log.warn(`web app not built (${dist}); serving the API only`);
  app.setNotFoundHandler((req, reply) => {
    if (!built || req.url.startsWith('/api') || req.method !== 'GET') {
      return reply.status(404).send(fail(404, `接口不存在: ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
