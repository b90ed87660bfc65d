import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

export type RelatedSite = { key: string; name: string; url: string };

/** `name{url}` (spec 000 §2) → {name, url}; anything else, or a URL that is not http(s), is skipped. */
export function parseRelatedSite(key: string, value: string): RelatedSite | null {
  const m = value.trim().match(/^([^{}]+)\{([^{}]+)\}$/);
  if (!m) return null;
  const url = m[2].trim();
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(url)) return null;
  return { key, name: m[1].trim(), url };
}

/** Related-site links for the sign-in page: parameters whose key starts with DW_RELATED_SITE. */
export function registerSiteRoutes(app: FastifyInstance, auth: AuthServices) {
  app.get('/api/civdesk/related-sites', { config: { auth: 'public' }, schema: { tags: ['Auth'], summary: '相关网站' } }, async () => {
    const rows = await auth.db.query<{ k: string; v: string }>(
      "select param_key as k, param_value as v from blade_param where param_key like 'DW\\_RELATED\\_SITE%' and is_deleted = 0 order by param_key",
    );
    return ok(rows.map((r) => parseRelatedSite(r.k, r.v ?? '')).filter((x): x is RelatedSite => x !== null));
  });
}
