import type { Db } from '@civdesk/db';
import { registry } from '@civdesk/resources';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './core/context.ts';
import { GrantStore } from './core/grant-store.ts';
import { ParamStore } from './core/param-store.ts';
import { SessionStore } from './core/session-store.ts';
import { loadSigningKey } from './core/tokens.ts';
import { registerResourceRoutes } from './crud/routes.ts';
import { registerApproveRoutes } from './modules/approve/todo.routes.ts';
import { registerAssistantRoutes } from './modules/assistant/assistant.routes.ts';
import { registerPhoneCodeRoutes } from './modules/auth/grants/phone-code.ts';
import { registerSsoTicketRoutes } from './modules/auth/grants/sso-ticket.ts';
import { registerSessionRoutes } from './modules/auth/session.routes.ts';
import { registerSocialRoutes } from './modules/auth/social.routes.ts';
import { registerSwitchChoiceRoutes } from './modules/auth/switch-choices.routes.ts';
import { registerTokenRoutes } from './modules/auth/token.routes.ts';
import { registerUnlockRoutes } from './modules/auth/unlock.routes.ts';
import { registerOpenAuthRoutes } from './modules/dialect/open-auth.routes.ts';
import { registerUserAliasRoutes } from './modules/dialect/user-alias.routes.ts';
import { registerDictClientRoutes } from './modules/dictionary/dict-client.routes.ts';
import { registerExcelRoutes } from './modules/excel/excel.routes.ts';
import { registerLogging } from './modules/log/log.plugin.ts';
import { registerLogRoutes } from './modules/log/log.routes.ts';
import { registerQueryRoutes } from './modules/query/query.routes.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { registerUpgradeRoutes } from './modules/upgrade/upgrade.routes.ts';
import { registerLeaveRoutes } from './modules/workflow/leave.routes.ts';
import { registerManagerRoutes } from './modules/workflow/manager.routes.ts';
import { registerModelRoutes } from './modules/workflow/model.routes.ts';
import { JobPoller } from './modules/workflow/poller.ts';
import { workflowOf } from './modules/workflow/runtime.ts';
import { registerWorkRoutes } from './modules/workflow/work.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCrossSite } from './plugins/cross-site.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInitialPassword } from './plugins/initial-password.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerMessageLanguage } from './plugins/messages.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { owned, registerRouteOwners } from './plugins/route-owners.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { recordMethods, registerWeb } from './plugins/web.ts';
import { resourceHooks } from './resources/index.ts';

export type AppDeps = { db: Db; config: Config };

declare module 'fastify' {
  interface FastifyInstance {
    /** This server copy's context: database, configuration, key, sessions, grants, parameters (tests reach it to sign tokens). */
    ctx: AppContext;
  }
}

type Registrar = (app: FastifyInstance, ctx: AppContext) => void;

/** The areas that are not resources, each with the routes it registers (none under a resource's API path). */
const modules: Record<string, Registrar[]> = {
  auth: [
    registerTokenRoutes,
    registerSessionRoutes,
    registerSwitchChoiceRoutes,
    registerUnlockRoutes,
    registerPhoneCodeRoutes,
    registerSsoTicketRoutes,
    registerSocialRoutes,
  ],
  dictionary: [registerDictClientRoutes],
  upgrade: [registerUpgradeRoutes],
  assistant: [registerAssistantRoutes],
  site: [registerSiteRoutes],
  log: [registerLogRoutes],
  workflow: [registerModelRoutes, registerManagerRoutes, registerWorkRoutes, registerLeaveRoutes],
  dialect: [registerOpenAuthRoutes, registerUserAliasRoutes],
  approve: [registerApproveRoutes],
  query: [registerQueryRoutes],
};

/** The app's context, built once per server copy. */
async function contextOf(db: Db, config: Config): Promise<AppContext> {
  const key = await loadSigningKey(db, { fromEnv: config.jwtSecret, production: config.production });
  return {
    db,
    config,
    tz: config.timeZone,
    key,
    sessions: new SessionStore(db),
    grants: new GrantStore(db),
    params: new ParamStore(db),
  };
}

/**
 * Composition in a fixed order: external plugins → app plugins (errors, docs, auth, initial password, route owners,
 * logging) → every registered resource in its own route context (the engine's routes, its hooks'
 * routes, Excel) → every module in its own → the web app.
 */
export async function buildApp({ db, config }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config.logLevel),
    bodyLimit: 2 * 1024 * 1024,
    // Behind a reverse proxy the caller's address (lockout, audit) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // Requests are validated by zod schemas (the definitions' and the routes'); route JSON schemas
    // are for the OpenAPI document only.
    ajv: { customOptions: { strict: false } },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(() => () => true);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody);
  // Uploads (Excel imports, files): one file per request; each route sets its own size limit.
  await app.register(multipart, { limits: { files: 1, fileSize: 10 * 1024 * 1024 } });
  registerErrorHandling(app);
  recordMethods(app);
  registerCrossSite(app, config);
  registerMessageLanguage(app);
  await registerDocs(app);
  const ctx = await contextOf(db, config);
  app.decorate('ctx', ctx);
  registerAuth(app, ctx);
  registerInitialPassword(app, ctx);
  await registerRateLimits(app, config.rateLimits);
  registerRouteOwners(app, registry);
  registerLogging(app, db, config.dataDir, () => ctx.params.int('log.retentionDays'));

  for (const r of registry) {
    const hooks = resourceHooks[r.name];
    await app.register(
      owned({ resource: r.name }, (scoped) => {
        registerResourceRoutes(scoped, r, ctx, hooks);
        if (r.excel) registerExcelRoutes(scoped, r, ctx, hooks);
      }),
    );
  }
  for (const [name, registrars] of Object.entries(modules)) {
    await app.register(
      owned({ module: name }, (scoped) => {
        for (const register of registrars) register(scoped, ctx);
      }),
    );
  }

  await registerWeb(app, config.webDist);
  // Workflow timers: this copy polls for due jobs until the app closes.
  const poller = new JobPoller(workflowOf(ctx), (msg, err) => app.log.error({ err }, msg));
  poller.start(config.workflowPollMs);
  app.addHook('onClose', () => poller.stop());
  return app;
}
