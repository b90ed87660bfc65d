import { readFileSync } from 'node:fs';
import type { Db } from '@civdesk/db';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../crud/ids.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

/** The product's version: the root package.json, the same for the server and the web build. */
export const appVersion: string = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')).version;

/**
 * Records a deployment when the server starts on a version it has not run before (the version
 * log screen lists them). Several copies starting together record it once: the advisory lock.
 */
export async function recordDeployment(db: Db, version = appVersion): Promise<boolean> {
  return db.tx(async (t) => {
    await t.query('select pg_advisory_xact_lock(20260002)');
    const [last] = await t.query<{ version: string }>(
      "select version from blade_version_log where project_code = 'app' order by deploy_time desc, id desc limit 1",
    );
    if (last?.version === version) return false;
    await t.query("insert into blade_version_log (id, project_code, version, old_version, deploy_time) values ($1, 'app', $2, $3, now())", [
      newId(),
      version,
      last?.version ?? '',
    ]);
    return true;
  });
}

/** The database-versions screen: the applied migrations, newest first. */
export function registerDbVersionRoutes(app: FastifyInstance, db: Db, tz: string) {
  app.get(
    '/api/blade-upgrade/dbversions/list',
    { config: { auth: { perm: 'version-log_view' } }, schema: { tags: ['Upgrade'], summary: '数据库版本' } },
    async (req) => {
      const q = req.query as Record<string, unknown>;
      const current = Number(q.current ?? 1);
      const size = Number(q.size ?? 10);
      if (!Number.isSafeInteger(current) || current < 1 || !Number.isSafeInteger(size) || size < 1 || size > 1000)
        throw badRequest('current/size 应为正整数(size 不超过1000)');
      const records = await db.query(
        `select version, name, checksum, to_char(applied_time at time zone '${tz}', 'YYYY-MM-DD HH24:MI:SS') as "appliedTime"
         from blade_db_version order by version desc limit $1 offset $2`,
        [size, (current - 1) * size],
      );
      const [{ n }] = await db.query<{ n: number }>('select count(*)::int n from blade_db_version');
      return ok({ records, total: n, size, current, pages: Math.ceil(n / size) });
    },
  );
}
