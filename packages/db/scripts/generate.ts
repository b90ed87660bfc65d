// Writes the next migration from the difference between the committed snapshot and the schema the
// definitions imply. `--check` only reports (CI fails when a definition changed without one).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTables, diffSchema, migrationsDir, type TableSpec } from '../src/index.ts';

const snapshotFile = join(migrationsDir, 'snapshot.json');
const before: TableSpec[] = existsSync(snapshotFile) ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : [];
const after = allTables();
const statements = diffSchema(before, after);
const check = process.argv.includes('--check');
if (statements.length === 0) {
  console.log('schema and migrations agree: nothing to generate');
  process.exit(0);
}
if (check) {
  console.error(`the definitions changed but no migration was generated (run npm run db:generate):\n${statements.join('\n')}`);
  process.exit(1);
}
const name = (process.argv.find((a) => a.startsWith('--name='))?.slice(7) ?? 'schema').replace(/[^\w-]/g, '_');
const next = readdirSync(migrationsDir).filter((f) => /^\d{4}_/.test(f)).length + 1;
const file = join(migrationsDir, `${String(next).padStart(4, '0')}_${name}.sql`);
writeFileSync(file, `-- generated from the resource definitions by npm run db:generate\n${statements.join('\n\n')}\n`);
writeFileSync(snapshotFile, `${JSON.stringify(after, null, 1)}\n`);
console.log(`wrote ${file} (${statements.length} statements)`);
