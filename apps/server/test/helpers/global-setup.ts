import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb } from '@civdesk/db';
import pg from 'pg';
import { seedIfEmpty } from '../../src/seed/index.ts';

// Migrate and seed once per run: a PGlite template every test file loads into its own in-memory
// database, or a PostgreSQL database every test file copies into its own (helpers/build-app.ts).
export default async function setup(project: { name: string; provide: (k: string, v: string) => void }) {
  // The project's name says which database it tests (its env is only applied inside the workers).
  const kind = project.name === 'server-pg' ? 'pg' : 'pglite';
  project.provide('dbKind', kind);
  if (kind === 'pg') {
    const admin = process.env.TEST_DATABASE_URL as string;
    const name = `civdesk_test_${Date.now()}_${process.pid}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const db = await openDb({ url: url.toString(), poolSize: 2 });
    await migrate(db);
    await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: true });
    await db.close();
    project.provide('dbUrl', url.toString());
    return async () => {
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      const copies = await c2.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${name}_f%`]);
      for (const { datname } of copies.rows) await c2.query(`drop database if exists ${datname} with (force)`);
      await c2.query(`drop database if exists ${name} with (force)`);
      await c2.end();
    };
  }
  const db = await openDb({ memory: true });
  await migrate(db);
  await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: true });
  const dump = await (db.dump as () => Promise<Blob>)();
  const file = join(tmpdir(), `civdesk-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('templateFile', file);
}
