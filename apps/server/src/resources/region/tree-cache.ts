import type { Row } from '@civdesk/db';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { FreshCache } from '../../core/fresh-cache.ts';

/**
 * Region trees (national reference data, the same for every tenant) computed once and shared:
 * twenty users opening a region picker at once cost one query, not twenty. `null` keeps a
 * refusal (too large to draw) as cheap as an answer. A successful write to a region on this copy
 * empties it at once; another server copy's write shows within the minute the entries live.
 */
const caches = new WeakMap<AppContext, FreshCache<Row[] | null>>();

export function regionTrees(ctx: AppContext): FreshCache<Row[] | null> {
  let c = caches.get(ctx);
  if (!c) {
    c = new FreshCache<Row[] | null>(60_000, 500);
    caches.set(ctx, c);
  }
  return c;
}

/** Empties the cache after any successful write under the given API paths (submit, remove, sort). */
export function clearOnWrite(app: FastifyInstance, ctx: AppContext, paths: string[]) {
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && reply.statusCode < 400 && paths.some((p) => req.url.startsWith(`${p}/`))) regionTrees(ctx).clear();
  });
}
