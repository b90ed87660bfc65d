import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, HttpError } from '../core/envelope.ts';

export type RateLimits = {
  /** Requests per user (or, signed out, per address) per minute; 0: no limit. */
  perMinute: number;
  /** Requests of one user (or address) in flight at once; 0: no limit. */
  concurrent: number;
};

const TOO_MANY = '请求过于频繁，请稍后重试';

/** Whom a limit counts: the signed-in user (across their sessions), else the address. */
const keyOf = (req: FastifyRequest) => {
  const c = req.scope?.caller;
  return c ? `u:${c.tenantId}:${c.userId}` : `ip:${req.ip}`;
};

/**
 * Per-user limits on /api calls, so one user (or one script) cannot slow everyone else down on a
 * small server: a rate (@fastify/rate-limit, a minute's window) and a number of calls in flight.
 * Both answer 429 with Retry-After. They run after the auth hook, so they count the user rather
 * than the address; refused sign-ins are throttled by the sign-in itself.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits) {
  if (limits.perMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      max: limits.perMinute,
      timeWindow: 60_000,
      keyGenerator: keyOf,
      allowList: (req) => !req.url.startsWith('/api') || req.url.startsWith('/api/docs'),
      errorResponseBuilder: () => new HttpError(429, TOO_MANY),
    });
  }
  if (limits.concurrent > 0) {
    const inFlight = new Map<string, number>();
    const counted = new WeakSet<FastifyRequest>();
    app.addHook('preHandler', async (req, reply) => {
      if (!req.url.startsWith('/api')) return;
      const key = keyOf(req);
      const n = inFlight.get(key) ?? 0;
      if (n >= limits.concurrent) return reply.status(429).header('retry-after', '1').send(fail(429, TOO_MANY));
      inFlight.set(key, n + 1);
      counted.add(req);
    });
    const done = async (req: FastifyRequest) => {
      if (!counted.has(req)) return;
      counted.delete(req);
      const key = keyOf(req);
      const n = (inFlight.get(key) ?? 1) - 1;
      if (n > 0) inFlight.set(key, n);
      else inFlight.delete(key);
    };
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
  }
}
