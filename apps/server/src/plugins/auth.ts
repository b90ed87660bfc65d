import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, verifyAccessToken } from '../modules/auth/tokens.ts';
import { unauthorized } from './envelope.ts';

/** What guards a route. Every route must say; the app refuses to start otherwise. */
export type Guard = 'public' | 'signed-in' | { perm: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Guard;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  const raw =
    (typeof header === 'string' && header) ||
    (typeof (req.query as Record<string, unknown>)?.['blade-auth'] === 'string' && ((req.query as Record<string, string>)['blade-auth'] as string)) ||
    req.cookies?.['saber-access-token'] ||
    '';
  const m = /^bearer\s+(.+)$/i.exec(raw.trim());
  return m ? m[1] : raw.trim() || null;
}

/** Must be signed in: the caller of a guarded route. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}

/**
 * Reads the caller from a verified token on every request and enforces each route's guard.
 * Routes declare their guard in `config.auth`; a route without one stops the boot.
 */
export function registerAuth(app: FastifyInstance, key: Uint8Array) {
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) return;
    if (!route.config?.auth) throw new Error(`route ${route.method} ${route.url} declares no guard (config.auth)`);
  });
  app.addHook('onRequest', async (req) => {
    const guard = req.routeOptions.config?.auth;
    if (!guard || guard === 'public') {
      const token = tokenOf(req);
      if (token) req.caller = await verifyAccessToken(key, token);
      return;
    }
    const token = tokenOf(req);
    if (!token) throw unauthorized('缺失令牌,鉴权失败');
    req.caller = await verifyAccessToken(key, token);
    if (!req.caller) throw unauthorized('令牌已失效');
  });
}
