import type { Db } from '@civdesk/db';
import { registry } from '@civdesk/resources';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerResourceRoutes } from './crud/routes.ts';
import { registerAssistantRoutes } from './modules/assistant/assistant.routes.ts';
import { registerAccountRoutes } from './modules/auth/account.routes.ts';
import { ParamStore } from './modules/auth/params.ts';
import { registerRegistrationRoutes } from './modules/auth/registration.routes.ts';
import { registerSessionRoutes } from './modules/auth/session.routes.ts';
import { SessionStore } from './modules/auth/session-store.ts';
import { registerSwitchChoiceRoutes } from './modules/auth/switch-choices.routes.ts';
import { registerTokenRoutes } from './modules/auth/token.routes.ts';
import { loadSigningKey } from './modules/auth/tokens.ts';
import { registerDictClientRoutes } from './modules/dictionary/dict-client.routes.ts';
import { registerExcelRoutes } from './modules/excel/excel.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerLogging } from './modules/log/log.plugin.ts';
import { registerGrantRoutes } from './modules/permission/grant.routes.ts';
import { GrantStore } from './modules/permission/grant-store.ts';
import { registerMenuRoutes } from './modules/permission/menu.routes.ts';
import { registerSelectRoutes } from './modules/permission/select.routes.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { registerUpgradeCheckRoutes } from './modules/upgrade/check.routes.ts';
import { registerDbVersionRoutes } from './modules/upgrade/versions.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { type AuthServices, registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerWeb } from './plugins/web.ts';
import { resourceHooks } from './resources/index.ts';

export type AppDeps = { db: Db; config: Config };

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, grants and parameters of this server copy (tests reach them to sign tokens). */
    auth: AuthServices;
  }
}

/**
 * Composition in a fixed order: external plugins → app plugins (errors, auth) → the engine's
 * routes for every registered resource → modules → the web app.
 */
export async function buildApp({ db, config }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config.logLevel),
    bodyLimit: 2 * 1024 * 1024,
    // Behind a reverse proxy the caller's address (lockout, audit) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Requests are validated by the zod schemas derived from the definitions; route JSON schemas
    // are for the OpenAPI document only.
    ajv: { customOptions: { strict: false } },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(() => () => true);
  await app.register(cookie);
  await app.register(formbody);
  // Uploads (Excel imports, files): one file per request; each route sets its own size limit.
  await app.register(multipart, { limits: { files: 1, fileSize: 10 * 1024 * 1024 } });
  registerErrorHandling(app);
  await registerDocs(app);
  const key = await loadSigningKey(db, { fromEnv: config.jwtSecret, production: config.production });
  const auth: AuthServices = {
    db,
    key,
    config,
    sessions: new SessionStore(db),
    grants: new GrantStore(db),
    params: new ParamStore(db),
  };
  app.decorate('auth', auth);
  registerAuth(app, auth);

  registerLogging(app, db, () => auth.params.int('log.retentionDays'));

  const deps = { db, tz: config.timeZone };
  for (const r of registry) {
    registerResourceRoutes(app, r, deps, resourceHooks[r.name]);
    if (r.excel) registerExcelRoutes(app, r, deps, resourceHooks[r.name]);
  }
  registerTokenRoutes(app, auth);
  registerSessionRoutes(app, auth);
  registerSwitchChoiceRoutes(app, auth);
  registerAccountRoutes(app, auth);
  registerRegistrationRoutes(app, auth);
  registerMenuRoutes(app, auth);
  registerGrantRoutes(app, auth);
  registerSelectRoutes(app, auth);
  registerUserRoutes(app, auth);
  registerDictClientRoutes(app, deps);
  registerDbVersionRoutes(app, db, config.timeZone);
  registerUpgradeCheckRoutes(app, auth);
  registerFileRoutes(app, auth);
  registerAssistantRoutes(app, auth);
  registerSiteRoutes(app, auth);

  await registerWeb(app, config.webDist);
  return app;
}
