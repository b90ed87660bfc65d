import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

export const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export type Migration = { version: string; name: string; sql: string; checksum: string };

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = readFileSync(join(dir, f), 'utf8');
      return {
        version: f.slice(0, 4),
        name: f.slice(5, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex').slice(0, 16),
      };
    });
}

const versionTable = `create table if not exists blade_db_version (
  version varchar(8) primary key,
  name varchar(200) not null,
  checksum varchar(64) not null,
  applied_time timestamptz not null default now()
)`;

/**
 * Applies every migration not yet recorded, each in its own transaction together with its row in
 * blade_db_version. An advisory lock makes concurrent starts (several server copies) take turns.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  await db.query(versionTable);
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    const done = await db.tx(async (t) => {
      await t.query('select pg_advisory_xact_lock(20260001)');
      const rows = await t.query<{ checksum: string }>('select checksum from blade_db_version where version = $1', [m.version]);
      if (rows.length) {
        if (rows[0].checksum !== m.checksum) {
          console.warn(`migration ${m.version}_${m.name} changed after it was applied (checksum differs)`);
        }
        return false;
      }
      await t.exec(m.sql);
      await t.query('insert into blade_db_version (version, name, checksum) values ($1, $2, $3)', [m.version, m.name, m.checksum]);
      return true;
    });
    if (done) applied.push(`${m.version}_${m.name}`);
  }
  return applied;
}
