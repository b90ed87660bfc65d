import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { appVersion } from './versions.ts';

/**
 * The shell's version check (spec 000 §4): the version the server runs (the root package.json,
 * the same one the web build embeds) and whether a client on another version must reload at once
 * (parameter `upgrade.must` = 'true'; otherwise the user is asked).
 */
export function registerUpgradeCheckRoutes(app: FastifyInstance, auth: AuthServices) {
  app.get(
    '/api/blade-upgrade/upgrade/check',
    { config: { auth: 'public' }, schema: { tags: ['Upgrade'], summary: '版本检查' } },
    async () => {
      const [row] = await auth.db.query<{ v: string }>(
        "select param_value as v from blade_param where param_key = 'upgrade.must' and is_deleted = 0 limit 1",
      );
      return ok({ version: appVersion, must: row?.v?.trim() === 'true' });
    },
  );
}
