import { permCode } from '@civdesk/meta';
import { dbVersionsScreen, upgradeFrameScreen, upgradeRecordScreen, versionLog } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { HttpError, notFound, ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import { compareVersions, upgradeProgress, upgradeRecord } from './upgrade-status.ts';
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

const VersionPath = z.object({
  v: z
    .string()
    .max(32, { error: '版本号格式不正确，应为数字和点，如 1.2.0' })
    .regex(/^\d{1,9}(\.\d{1,9}){0,3}$/, { error: '版本号格式不正确，应为数字和点，如 1.2.0' })
    .describe('a version, digits and dots (1.2.0)'),
});
type VersionCall = Call<{ path: typeof VersionPath }>;

/** Whether `v` is newer than the version the server runs (a client holding `v` asks whether to update). */
async function versionOf({ ctx, path: { v } }: VersionCall) {
  const cmp = compareVersions(v, appVersion);
  return ok({ current: appVersion, version: v, newer: cmp > 0, same: cmp === 0, must: (await ctx.params.get('upgrade.must')) === 'true' });
}

/** The record of the upgrade to `v`: when it was deployed, what it replaced, the migrations it applied. */
async function recordOf({ ctx, path: { v } }: VersionCall) {
  const record = await upgradeRecord(ctx.db, ctx.tz, v);
  if (!record) throw notFound(`版本 ${v} 没有升级记录`);
  return ok({ ...record, current: appVersion, status: (await upgradeProgress(ctx.db, v)).status });
}

/** The upgrade to `v` while it runs: the database migrations applied of those this server ships. */
async function progressOf({ ctx, path: { v } }: VersionCall) {
  return ok(await upgradeProgress(ctx.db, v));
}

/** The end of the upgrade to `v`: refused (409) until it is done; then its record (null deployment fields before the server recorded it). */
async function doneOf({ ctx, path: { v } }: VersionCall) {
  const progress = await upgradeProgress(ctx.db, v);
  if (progress.status !== 'done') throw new HttpError(409, `版本 ${v} 的升级尚未完成（${progress.percent}%）`, progress);
  const record = await upgradeRecord(ctx.db, ctx.tz, v);
  return ok({ ...progress, deployTime: record?.deployTime ?? null, oldVersion: record?.oldVersion ?? null }, '升级已完成');
}

/** Whether a client offers its "clear cache" button (parameter `upgrade.clearCacheButton`, on unless 'false'). */
async function clearButton({ ctx }: Call) {
  return ok({ enabled: (await ctx.params.get('upgrade.clearCacheButton')) !== 'false' });
}

/** A ping through the server to the database: the version it runs and the database's clock. */
async function ping({ ctx }: Call) {
  const [{ now }] = await ctx.db.query<{ now: string }>(`select to_char(now() at time zone '${ctx.tz}', 'YYYY-MM-DD HH24:MI:SS') as now`);
  return ok({ version: appVersion, database: true, time: now });
}

export function registerUpgradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Upgrade']);
  r.get(
    '/api/blade-upgrade/upgrade/check',
    { auth: 'public', summary: '版本检查', query: nothing, data: z.object({ version: z.string(), must: z.boolean() }) },
    versionCheck,
  );
  const dbAuth = { perm: [permCode(versionLog, 'view'), dbVersionsScreen.name] };
  r.get('/api/blade-upgrade/dbversions/list', { auth: dbAuth, summary: '数据库版本', query: PageQuery, data: pageShape(Obj) }, dbVersions);
  const base = '/api/blade-upgrade/upgrade';
  // The router prefers static segments to `:v`, so check, test and enabledclearbtn are never read as versions.
  r.get(
    `${base}/enabledclearbtn`,
    { auth: 'signed-in', summary: '是否显示清除缓存按钮', query: nothing, data: z.object({ enabled: z.boolean() }) },
    clearButton,
  );
  r.get(
    `${base}/test`,
    {
      auth: 'public',
      summary: '升级服务连通测试',
      query: nothing,
      data: z.object({ version: z.string(), database: z.boolean(), time: z.string() }),
    },
    ping,
  );
  r.get(
    `${base}/version/:v`,
    {
      auth: 'signed-in',
      summary: '版本比较',
      query: nothing,
      path: VersionPath,
      data: z.object({ current: z.string(), version: z.string(), newer: z.boolean(), same: z.boolean(), must: z.boolean() }),
    },
    versionOf,
  );
  const frame = { perm: [upgradeFrameScreen.name, upgradeRecordScreen.name] };
  r.get(
    `${base}/progress/:v`,
    { auth: frame, summary: '升级进度', query: nothing, path: VersionPath, data: z.looseObject({ status: z.string() }) },
    progressOf,
  );
  r.get(
    `${base}/done/:v`,
    { auth: frame, summary: '升级完成', query: nothing, path: VersionPath, data: z.looseObject({ status: z.string() }) },
    doneOf,
  );
  const record = { perm: [upgradeRecordScreen.name, permCode(versionLog, 'view')] };
  r.get(
    `${base}/:v`,
    {
      auth: record,
      summary: '升级记录',
      query: nothing,
      path: VersionPath,
      data: z.looseObject({ current: z.string(), status: z.string() }),
    },
    recordOf,
  );
}
