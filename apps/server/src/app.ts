import type { Db } from '@civdesk/db';
import { registry } from '@civdesk/resources';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerResourceRoutes } from './crud/routes.ts';
import { registerTokenRoutes } from './modules/auth/token.routes.ts';
import { loadSigningKey } from './modules/auth/tokens.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerWeb } from './plugins/web.ts';
import { resourceHooks } from './resources/index.ts';

export type AppDeps = { db: Db; config: Config };

/**
 * Composition in a fixed order: external plugins → app plugins (errors, auth) → the engine's
 * routes for every registered resource → modules → the web app.
 */
export async function buildApp({ db, config }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    // Requests are validated by the zod schemas derived from the definitions; route JSON schemas
    // are for the OpenAPI document only.
    ajv: { customOptions: { strict: false } },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(() => () => true);
  await app.register(cookie);
  await app.register(formbody);
  registerErrorHandling(app);
  await registerDocs(app);
  const key = await loadSigningKey(db, process.env.JWT_SECRET);
  registerAuth(app, key);

  const deps = { db, tz: config.timeZone };
  for (const r of registry) registerResourceRoutes(app, r, deps, resourceHooks[r.name]);
  registerTokenRoutes(app, db, key, config);

  await registerWeb(app, config.webDist);
  return app;
}
