import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { appVersion } from './versions.ts';

/**
 * The shell's version check: the version the server runs (the root package.json, the same one the
 * web build embeds) and whether a client on another version must reload at once (parameter
 * `upgrade.must` = 'true'; otherwise the user is asked).
 */
async function versionCheck({ ctx }: Call) {
  return ok({ version: appVersion, must: (await ctx.params.get('upgrade.must')) === 'true' });
}

const sizeMessage = 'current/size 应为正整数(size 不超过1000)';
const whole = (dflt: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => Number(v ?? dflt));
const PageQuery = z
  .object({ current: whole(1).describe('page number, from 1'), size: whole(10).describe('page size, 1–1000') })
  .refine(({ current, size }) => Number.isSafeInteger(current) && current >= 1 && Number.isSafeInteger(size) && size >= 1 && size <= 1000, {
    error: sizeMessage,
    path: ['size'],
  });

/** The database-versions screen: the applied migrations (a table of the migrator, not a resource), newest first. */
async function dbVersions({ ctx, query: { current, size } }: Call<{ query: typeof PageQuery }>) {
  const records = await ctx.db.query(
    `select version, name, checksum, to_char(applied_time at time zone '${ctx.tz}', 'YYYY-MM-DD HH24:MI:SS') as "appliedTime"
       from blade_db_version order by version desc limit $1 offset $2`,
    [size, (current - 1) * size],
  );
  const [{ n }] = await ctx.db.query<{ n: number }>('select count(*)::int n from blade_db_version');
  return ok({ records, total: n, size, current, pages: Math.ceil(n / size) });
}

export function registerUpgradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Upgrade']);
  r.get('/api/blade-upgrade/upgrade/check', { auth: 'public', summary: '版本检查', query: nothing }, versionCheck);
  r.get('/api/blade-upgrade/dbversions/list', { auth: { perm: 'version-log_view' }, summary: '数据库版本', query: PageQuery }, dbVersions);
}
