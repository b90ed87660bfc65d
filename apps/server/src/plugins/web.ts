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
    const path = req.url.split('?')[0].replace(/\/+$/, '');
    const allowed = app.hasDecorator('methodsOf') ? app.methodsOf(path) : [];
    if (allowed.length) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(fail(405, `请求方法不支持: ${req.method},应为 ${allowed.join(' 或 ')}`));
    }
    if (!built || req.url.startsWith('/api') || req.method !== 'GET') {
      return reply.status(404).send(fail(404, `接口不存在: ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods a path answers (a wrong one is a 405 naming them). */
    methodsOf(path: string): string[];
  }
}

const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A route's path as a pattern over concrete paths: `:name` one segment, `*` the rest. */
export const pathPattern = (url: string) =>
  new RegExp(
    `^${url
      .replace(/\/+$/, '')
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : escapeRegex(seg)))
      .join('/')}$`,
  );

/** Records each route's methods by path, so a wrong method is told apart from a wrong path. */
export function recordMethods(app: FastifyInstance) {
  const byPath = new Map<string, Set<string>>();
  const patterns: { re: RegExp; methods: Set<string> }[] = [];
  app.decorate('methodsOf', (path: string) => {
    const found = new Set(byPath.get(path) ?? []);
    for (const p of patterns) if (p.re.test(path)) for (const m of p.methods) found.add(m);
    return [...found];
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (route.url.includes(':') || route.url.includes('*')) {
      patterns.push({ re: pathPattern(route.url), methods: new Set(methods) });
      return;
    }
    const key = route.url.replace(/\/+$/, '');
    const set = byPath.get(key) ?? new Set<string>();
    for (const m of methods) set.add(m);
    byPath.set(key, set);
  });
}
