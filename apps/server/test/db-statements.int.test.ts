import type { Db } from '@civdesk/db';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb } from './helpers/build-app.ts';

// Named (prepared) statements on the database under test (packages/db/src/statement-names.ts).
// One connection, so the statements a query prepared are the ones pg_prepared_statements lists.
const open = (prepare?: boolean): Promise<Db> => openTestDb({ poolSize: 1, prepare });

const ours = async (db: Db) =>
  (await db.query<{ name: string }>(`select name from pg_prepared_statements where name like 'civdesk%' order by name`)).map((r) => r.name);

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const byCode = `select code, dict_key, dict_value from blade_dict where code = $1 and parent_id <> $2 order by sort, id`;

describe('named statements', () => {
  it('prepares a repeated statement once and answers exactly as unnamed', async () => {
    db = await open();
    const first = await db.query(byCode, ['sex', 0]);
    expect(first.length).toBeGreaterThan(1);
    expect(await ours(db)).toEqual([]);
    const second = await db.query(byCode, ['sex', 0]);
    expect(await ours(db)).toHaveLength(1);
    expect(second).toEqual(first);
    // other values, other types (text, integer, boolean, null, json) through named statements
    const rows = await db.query<{ code: string }>(byCode, ['no-such-code', 0]);
    expect(rows).toEqual([]);
    const typed = `select $1::int4 + 1 as n, $2::boolean as b, $3::text is null as z, $4::jsonb ->> 'k' as j`;
    await db.query(typed, [1, true, null, { k: 'v' }]);
    expect(await db.query(typed, ['41', false, null, { k: '值' }])).toEqual([{ n: 42, b: false, z: true, j: '值' }]);
    expect(await ours(db)).toHaveLength(2);
  });

  it('keeps the error a bad value gives, and the statement and connection stay usable', async () => {
    db = await open();
    const sql = 'select id from blade_user where id = $1';
    await db.query(sql, ['1']);
    await db.query(sql, ['1']);
    await expect(db.query(sql, ['not-a-number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(db.query(sql, ['-1'])).resolves.toEqual([]);
    // a text the database refuses is never kept as prepared (on PostgreSQL the pool also replaces
    // a connection after an error: the next use prepares the statement again on the new one)
    const wrong = 'select no_such_column from blade_user where id = $1';
    for (let i = 0; i < 3; i++) await expect(db.query(wrong, ['1'])).rejects.toMatchObject({ code: '42703' });
    await expect(db.query(sql, ['-1'])).resolves.toEqual([]);
    expect(await ours(db)).toHaveLength(1);
  });

  it('survives a rolled-back transaction that prepared it', async () => {
    db = await open();
    const sql = `select param_value from blade_param where param_key = $1`;
    await db.query(sql, ['account.initPassword']);
    await expect(
      db.tx(async (q) => {
        await q.query(sql, ['account.initPassword']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await db.query(sql, ['account.initPassword']);
    expect(rows.length).toBe(1);
    expect(await ours(db)).toHaveLength(1);
  });

  it('prepares nothing when switched off (DATABASE_PREPARE=off)', async () => {
    db = await open(false);
    for (let i = 0; i < 3; i++) await db.query(byCode, ['sex', 0]);
    expect(await ours(db)).toEqual([]);
  });
});
