import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';

export type RelatedSite = { key: string; name: string; url: string };

/** `name{url}` → {name, url}; anything else, or a URL that is not http(s), is skipped. */
export function parseRelatedSite(key: string, value: string): RelatedSite | null {
  const m = value.trim().match(/^([^{}]+)\{([^{}]+)\}$/);
  if (!m) return null;
  const url = m[2].trim();
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(url)) return null;
  return { key, name: m[1].trim(), url };
}

/** Related-site links for the sign-in page: parameters whose key starts with DW_RELATED_SITE. */
async function relatedSites({ ctx }: Call) {
  const found = await ctx.params.byPrefix('DW_RELATED_SITE');
  return ok(found.map(([k, v]) => parseRelatedSite(k, v)).filter((x): x is RelatedSite => x !== null));
}

export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext) {
  routes(app, ctx, ['Auth']).get(
    '/api/civdesk/related-sites',
    { auth: 'public', summary: '相关网站', query: nothing, data: z.array(Obj) },
    relatedSites,
  );
}
