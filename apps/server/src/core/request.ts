import { isIdText, type Lang } from '@civdesk/meta';
import type { FastifyRequest } from 'fastify';
import type { Caller, Scope } from './caller.ts';
import { badRequest, unauthorized } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling and the zone dates are read in; set once by the auth hook, null for nobody. */
    scope: Scope | null;
  }
}

/** The caller's scope: every guarded route has one (the auth hook refused the request otherwise). */
export const scopeOf = (req: FastifyRequest): Scope => {
  if (!req.scope) throw unauthorized();
  return req.scope;
};

/** Must be signed in: the caller of a guarded route. */
export const callerOf = (req: FastifyRequest): Caller => scopeOf(req).caller;

/** The language of messages: English when the browser asks for it, else Chinese. */
export const langOf = (req: FastifyRequest): Lang => (/^en/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh');

/**
 * The token from `Blade-Auth` (bearer prefix optional). Only a route answering a file a browser
 * opens by link (`config.download`, GET) also takes it from the `blade-auth` query parameter or
 * the `saber-access-token` cookie: elsewhere a cookie would let a foreign page act for the user.
 */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['blade-auth'];
  let raw = typeof header === 'string' ? header : '';
  if (!raw && req.method === 'GET' && req.routeOptions.config?.download) {
    const query = plain(req.query)['blade-auth'];
    raw = (typeof query === 'string' && query) || req.cookies?.['saber-access-token'] || '';
  }
  const m = /^bearer\s+(.+)$/i.exec(raw.trim());
  const token = m ? m[1] : raw.trim();
  return token && token.length < 8192 ? token : null;
}

/** An object's own keys, or none when it is not a plain object (an array or text body, no query). */
export const plain = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The request's parameters the way BladeX servers read them: the query string and an urlencoded or
 * JSON object body as one map. A name given in both places takes the query string's value (a Java
 * servlet answers the query string's first), so clients may send a parameter in either place.
 */
export function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const out: Record<string, unknown> = { ...plain(req.body) };
  for (const [k, v] of Object.entries(plain(req.query))) if (v !== undefined) out[k] = v;
  return out;
}

/** One id (`id`, `parentId`…), or a 400 naming the parameter. */
export function idParam(raw: unknown, name: string): string {
  const s = String(raw ?? '');
  if (!isIdText(s)) throw badRequest(`${name} 应为编号`, { errors: [{ field: name, message: `${name} 应为编号` }] });
  return s;
}

/** Comma-separated ids of the rows a call acts on (at most 1000), or a 400. */
export function parseIds(raw: unknown): string[] {
  const s = String(raw ?? '').trim();
  const ids = s.split(',');
  if (!s || !ids.every(isIdText)) throw badRequest('请选择至少一条数据', { errors: [{ field: 'ids', message: 'ids 应为逗号分隔的编号' }] });
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}
