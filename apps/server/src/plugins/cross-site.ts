import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../core/envelope.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const mediaType = (req: FastifyRequest) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
const hasBody = (req: FastifyRequest) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** What a route's body may be: JSON, plus what the route declares (an upload, an OAuth form). */
function accepts(req: FastifyRequest, type: string): boolean {
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return true;
  const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  return consumes.includes(type);
}

// Scheme is not compared (TLS may end at a proxy), so neither are the schemes' default ports.
const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/** The host a browser's Origin must name: the request's own (the proxy's when it is trusted). */
function ownHost(req: FastifyRequest, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-host'] ?? '')
        .split(',')[0]
        .trim()
    : '';
  return withoutDefaultPort((forwarded || String(req.headers.host ?? '')).toLowerCase());
}

function originHost(origin: string): string | null {
  try {
    return withoutDefaultPort(new URL(origin).host.toLowerCase());
  } catch {
    return null;
  }
}

/**
 * Defences against requests a foreign page makes the browser send. On every state-changing /api
 * call: a body must be JSON unless the route declares another type (uploads, the OAuth token
 * form) — a cross-site HTML form can only send form, multipart or text bodies — else 415; and a
 * browser's Origin must be this server's own (or a configured one), and Sec-Fetch-Site must not
 * say cross-site, else 403. Clients that are not browsers send neither header and pass.
 */
export function registerCrossSite(app: FastifyInstance, o: { allowedOrigins: string[]; trustProxy: boolean }) {
  const allowed = new Set(o.allowedOrigins.map((x) => originHost(x)).filter((x): x is string => x !== null));
  app.addHook('onRequest', async (req, reply) => {
    if (safeMethods.has(req.method) || !req.url.startsWith('/api')) return;
    const origin = req.headers.origin;
    const from = typeof origin === 'string' ? originHost(origin) : undefined;
    const foreign =
      (origin !== undefined && (from === null || (from !== ownHost(req, o.trustProxy) && !allowed.has(from as string)))) ||
      (req.headers['sec-fetch-site'] === 'cross-site' && !(from && allowed.has(from)));
    if (foreign) return reply.status(403).send(fail(403, '跨站请求被拒绝'));
    if (hasBody(req) && !accepts(req, mediaType(req))) return reply.status(415).send(fail(415, '不支持的请求内容类型，请以 JSON 提交'));
  });
}
