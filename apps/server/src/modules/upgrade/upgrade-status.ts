import { listMigrations, type Queryable } from '@civdesk/db';
import { versionLog } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { appVersion } from './versions.ts';

const V = sqlOf(versionLog);
const v = V.c;

/** Compares dotted version numbers segment by segment (1.10.0 > 1.9.2; a missing segment counts as 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * Where the server stands on the way to version `version`:
 * - `pending`: the server still runs an older version (the new one is not deployed yet);
 * - `running`: it runs this version and some of its migrations are not applied yet;
 * - `done`: it runs this version with every migration applied, or it is already past it.
 */
export type UpgradeStatus = 'pending' | 'running' | 'done';

export type UpgradeProgress = { version: string; current: string; status: UpgradeStatus; total: number; applied: number; percent: number };

/** The progress of the upgrade to `version`: the migrations this server ships against those the database has applied. */
export async function upgradeProgress(q: Queryable, version: string, current = appVersion): Promise<UpgradeProgress> {
  const shipped = listMigrations().map((m) => m.version);
  const rows = await q.query<{ version: string }>('select version from blade_db_version');
  const have = new Set(rows.map((r) => r.version));
  const total = shipped.length;
  const cmp = compareVersions(version, current);
  const applied = cmp > 0 ? 0 : cmp < 0 ? total : shipped.filter((m) => have.has(m)).length;
  const status: UpgradeStatus = cmp > 0 ? 'pending' : applied < total ? 'running' : 'done';
  return { version, current, status, total, applied, percent: total ? Math.floor((applied * 100) / total) : 100 };
}

export type UpgradeRecord = {
  version: string;
  oldVersion: string;
  deployTime: string;
  /** The migrations applied on the way to it: after the deployment before it, up to its own. */
  migrations: { version: string; name: string; appliedTime: string }[];
};

/** The record of the latest deployment of `version`, or null when it was never deployed. */
export async function upgradeRecord(q: Queryable, tz: string, version: string): Promise<UpgradeRecord | null> {
  const local = (col: string) => `to_char(${col} at time zone '${tz}', 'YYYY-MM-DD HH24:MI:SS')`;
  const [d] = await q.query<{ id: string; version: string; oldVersion: string; deployTime: string }>(
    `select ${v.id}::text as id, ${v.version} as version, coalesce(${v.oldVersion}, '') as "oldVersion", ${local(v.deployTime)} as "deployTime"
       from ${V.table} where ${v.projectCode} = 'app' and ${v.version} = $1 order by ${v.deployTime} desc, ${v.id} desc limit 1`,
    [version],
  );
  if (!d) return null;
  // The window is computed in SQL: timestamps read into JavaScript would lose their microseconds.
  const migrations = await q.query<UpgradeRecord['migrations'][number]>(
    `with d as (select ${v.deployTime} as at from ${V.table} where ${v.id} = $1),
          p as (select max(${v.deployTime}) as at from ${V.table}, d where ${v.projectCode} = 'app' and ${v.deployTime} < d.at)
     select version, name, ${local('applied_time')} as "appliedTime" from blade_db_version, d, p
      where applied_time <= d.at and (p.at is null or applied_time > p.at) order by version`,
    [d.id],
  );
  return { version: d.version, oldVersion: d.oldVersion, deployTime: d.deployTime, migrations };
}
