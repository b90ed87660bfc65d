import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { Guard } from '../../core/route.ts';

// The open SpringBlade clients keep users inside the system service: `/blade-system/user/*`.
// Each such call is the `/blade-user/*` call of the same name, made inside this server with the
// caller's own headers, so the same guard, validation, data scope and answer apply: one
// implementation, this file only the mapping.

/** The calls of the open clients' user screens and profile, by method. */
export const userCalls: readonly { action: string; method: 'GET' | 'POST'; auth: Guard }[] = [
  ...['info', 'page', 'detail', 'password-rules', 'platform-detail'].map((action) => ({
    action,
    method: 'GET' as const,
    auth: 'signed-in' as const,
  })),
  ...['update-info', 'update-password', 'submit', 'update', 'remove', 'grant', 'reset-password', 'unlock', 'update-platform'].map(
    (action) => ({ action, method: 'POST' as const, auth: 'signed-in' as const }),
  ),
  { action: 'register-guest', method: 'POST', auth: 'public' },
];

/** Headers the inner call keeps: who is calling, in which language, from which site. */
const kept = ['authorization', 'blade-auth', 'tenant-id', 'accept-language', 'user-agent', 'origin', 'sec-fetch-site', 'referer', 'cookie'];

async function forward(req: FastifyRequest, reply: FastifyReply, target: string) {
  const headers: Record<string, string> = {};
  for (const name of kept) {
    const v = req.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  // A form or JSON body goes on as JSON (every user call takes it).
  const body = req.method === 'POST' && req.body !== null && typeof req.body === 'object' ? JSON.stringify(req.body) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await req.server.inject({
    method: req.method as 'GET' | 'POST',
    url: `${target}${query}`,
    headers,
    payload: body,
    remoteAddress: req.ip,
  });
  const type = res.headers['content-type'];
  if (type) reply.header('content-type', type);
  return reply.status(res.statusCode).send(res.rawPayload);
}

export function registerUserAliasRoutes(app: FastifyInstance, _ctx: AppContext) {
  for (const { action, method, auth } of userCalls) {
    app.route({
      method,
      url: `/api/blade-system/user/${action}`,
      config: { auth, sameAs: `/api/blade-user/${action}` },
      // The input is the inner call's, validated there; the document says only that it passes through.
      schema: {
        tags: ['Open dialect'],
        summary: `/api/blade-user/${action} (SpringBlade 路径)`,
        querystring: { type: 'object', additionalProperties: true },
        ...(method === 'POST' ? { body: { type: 'object', additionalProperties: true } } : {}),
      },
      handler: (req, reply) => forward(req, reply, `/api/blade-user/${action}`),
    });
  }
}
