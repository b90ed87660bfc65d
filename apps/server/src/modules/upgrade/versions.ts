import { readFileSync } from 'node:fs';
import type { Db } from '@civdesk/db';
import { versionLog } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';

const V = sqlOf(versionLog);
const v = V.c;

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
      `select ${v.version} as version from ${V.table} where ${v.projectCode} = 'app' order by ${v.deployTime} desc, ${v.id} desc limit 1`,
    );
    if (last?.version === version) return false;
    await t.query(
      `insert into ${V.table} (${v.id}, ${v.projectCode}, ${v.version}, ${v.oldVersion}, ${v.deployTime}) values ($1, 'app', $2, $3, now())`,
      [newId(), version, last?.version ?? ''],
    );
    return true;
  });
}
