import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The envelope every JSON answer uses (`core/envelope.ts`); `data` is what the call answers. */
const envelope = (data: object, description: string) => ({
  description,
  type: 'object',
  required: ['code', 'success', 'data', 'msg'],
  properties: { code: { type: 'integer' }, success: { type: 'boolean' }, data, msg: { type: 'string' } },
});
const failure = (description: string) => envelope({}, description);

/** The OAuth answers of the token endpoint (the OAuth 2 shape, not the envelope). */
const oauth = {
  200: { description: 'tokens', type: 'object', required: ['access_token'], properties: { access_token: { type: 'string' } } },
  400: { description: 'refused', type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' } } },
  401: { description: 'client credentials refused', type: 'object' },
  404: failure('no such path'),
  429: failure('too many requests'),
  503: failure('database unavailable, retry after Retry-After seconds'),
};

type Route = {
  method: string | string[];
  url: string;
  config?: { auth?: unknown; download?: boolean; answer?: object; data?: object; sameAs?: string; redirect?: boolean };
};

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** What a route may answer, by status: success, then the failures its guard and input allow. */
export function responsesOf(route: Route, schema: Record<string, unknown>, targetData?: object): Record<string, unknown> {
  if (route.url === '/api/blade-auth/oauth/token') return oauth;
  const auth = route.config?.auth;
  const c = route.config;
  const success = c?.redirect
    ? { 302: { description: 'sends the browser on', headers: { Location: { schema: { type: 'string' } } } } }
    : {
        200: c?.download
          ? { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : c?.answer
            ? { description: 'success', ...c.answer }
            : envelope(c?.data ?? targetData ?? {}, 'success'),
      };
  const out: Record<string, unknown> = { ...success, 400: failure('bad input (names the field)') };
  // a public call may still check the client's credentials
  out[401] = failure(auth === 'public' ? 'client credentials refused' : 'no valid token');
  if (auth !== 'public') out[403] = failure('not permitted, or a cross-site request');
  out[404] = failure('no such row or path');
  if ([route.method].flat().includes('POST')) {
    out[409] = failure('conflicts with the current state');
    out[413] = failure('body or file too large');
    out[415] = failure('body type not accepted');
  }
  if (schema.consumes) out[413] = failure('body or file too large');
  out[429] = failure('too many requests (Retry-After)');
  out[503] = failure('database unavailable (Retry-After)');
  return out;
}

/**
 * The OpenAPI document (derived from the same definitions) at /api/docs/json, browsable at
 * /api/docs. Every operation lists its answers (the envelope; the failures its guard and input
 * allow); a public one says so with `security: []`. Response schemas live in the document only, so
 * they never change how an answer is serialised.
 */
export async function registerDocs(app: FastifyInstance) {
  // Each route's documented `data`, by method and path: a pass-through route shows its target's.
  const dataOf = new Map<string, object | undefined>();
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) dataOf.set(keyOf(m, route.url), route.config?.data);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Civdesk API', version: '0.1.0', description: 'BladeX-compatible API of the Civdesk back-office' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
    transform: ({ schema, url, route }) => {
      const s = { ...(schema as Record<string, unknown>) };
      if (!url.startsWith('/api') || url.startsWith('/api/docs')) return { schema: s, url };
      const r = route as Route;
      const target = r.config?.sameAs && dataOf.get(keyOf([r.method].flat()[0], r.config.sameAs));
      s.response = responsesOf(r, s, target || undefined);
      if ((route as Route).config?.auth === 'public') s.security = [];
      return { schema: s, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
