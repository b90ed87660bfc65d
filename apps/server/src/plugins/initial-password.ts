import { user } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.ts';
import { forbidden } from '../core/envelope.ts';

/** What a user on an initial password may still call: change it, read who they are, sign out. */
const ALLOWED = new Set([`${user.api}/update-password`, `${user.api}/info`, '/api/blade-auth/oauth/logout']);

export const INITIAL_PASSWORD_MESSAGE = '当前密码为初始密码，请先修改密码';

/**
 * A session whose user still has an initial password (a new account, a reset) may call nothing
 * but the routes above until the password is changed — the server's rule, not only the web app's.
 * Runs after the auth hook (registered after it), on signed-in routes; public ones (sign-in,
 * refresh) are untouched. The flag comes from the session check (cached a second).
 */
export function registerInitialPassword(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req) => {
    const caller = req.scope?.caller;
    const guard = req.routeOptions.config?.auth;
    if (!caller || !guard || guard === 'public' || ALLOWED.has(req.routeOptions.url ?? '')) return;
    const session = await ctx.sessions.check(caller.sessionId);
    if (session?.initPassword) throw forbidden(INITIAL_PASSWORD_MESSAGE);
  });
}
