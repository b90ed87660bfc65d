import { type Db, sqlLiteral } from '@civdesk/db';
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

// A transaction's BEGIN travels with its first statement when that one has no parameters
// (packages/db/src/client.ts, deferredBegin): one exchange with the database instead of two.
describe('a transaction opened with its first statement', () => {
  const key = () => `tx.opening.${Math.random().toString(36).slice(2)}`;
  const count = async (d: Db, k: string) =>
    (await d.query<{ n: number }>('select count(*)::int as n from blade_param where param_key = $1', [k]))[0].n;
  const insert = (k: string) =>
    `insert into blade_param (id, param_name, param_key, param_value) values ((random() * 9e18)::bigint, 'x', ${sqlLiteral(k)}, 'v') returning param_key as k`;

  it('answers the first statement rows, counts it as one statement, and commits it with the rest', async () => {
    db = await open();
    const k = key();
    const before = db.stats.queries;
    const rows = await db.tx(async (q) => {
      const r = await q.query<{ k: string }>(insert(k));
      await q.query('update blade_param set param_value = $2 where param_key = $1', [k, 'w']);
      return r;
    });
    expect(rows).toEqual([{ k }]);
    expect(db.stats.queries - before).toBe(2);
    expect(await db.query('select param_value as v from blade_param where param_key = $1', [k])).toEqual([{ v: 'w' }]);
  });

  it('rolls the first statement back with the transaction, on a throw or on a failing statement', async () => {
    db = await open();
    const k = key();
    await expect(
      db.tx(async (q) => {
        await q.query(insert(k));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count(db, k)).toBe(0);
    // The first statement itself fails: nothing stays, and the connection serves the next call.
    await expect(db.tx((q) => q.query('select no_such_column from blade_param'))).rejects.toMatchObject({ code: '42703' });
    await expect(
      db.tx(async (q) => {
        await q.query(insert(k));
        await q.query('select $1::int as n', ['not-a-number']);
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await count(db, k)).toBe(0);
    expect(await db.tx((q) => q.query('select 1 as n'))).toEqual([{ n: 1 }]);
  });

  it('holds a row lock taken by the first statement until the transaction ends', async () => {
    db = await openTestDb({ poolSize: 2 });
    const d = db;
    const k = key();
    await d.query(insert(k).replace(' returning param_key as k', ''));
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const order: string[] = [];
    const first = d.tx(async (q) => {
      await q.query(`select id from blade_param where param_key = ${sqlLiteral(k)} for update`);
      order.push('locked');
      await held;
      await q.query('update blade_param set param_value = $2 where param_key = $1', [k, 'first']);
      order.push('first done');
    });
    while (!order.length) await new Promise((r) => setTimeout(r, 5));
    // On PostgreSQL the second waits for the lock; on PGlite (one connection) for the transaction.
    const second = d.tx(async (q) => {
      const [r] = await q.query<{ v: string }>(`select param_value as v from blade_param where param_key = ${sqlLiteral(k)} for update`);
      order.push(`second saw ${r.v}`);
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['locked', 'first done', 'second saw first']);
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    db = await open();
    const before = db.stats.queries;
    expect(await db.tx(async () => 'nothing')).toBe('nothing');
    expect(db.stats.queries).toBe(before);
    await expect(db.tx((q) => q.query('select 2 as n'))).resolves.toEqual([{ n: 2 }]);
  });

  it('quotes text literals so that they stay text', async () => {
    db = await open();
    const odd = `it's a \\ back'slash; drop table blade_param; --`;
    expect(await db.tx((q) => q.query<{ v: string }>(`select ${sqlLiteral(odd)} as v`))).toEqual([{ v: odd }]);
    expect(sqlLiteral(42n)).toBe('42');
  });
});
