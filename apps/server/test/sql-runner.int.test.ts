import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runReadOnly } from '../src/modules/sql-runner/sql-runner.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

let t: TestApp;
const DEMO = '100001';
const run = (sql: string, params: Record<string, unknown> = {}, o: { timeoutMs?: number; maxRows?: number } = {}) =>
  runReadOnly(t.db, { sql, params, tenantId: DEMO, ...o });
/** The refusal's status and message (a refusal is never a fault). */
const refusal = async (sql: string, params: Record<string, unknown> = {}, o: { timeoutMs?: number } = {}) => {
  try {
    await run(sql, params, o);
  } catch (e) {
    return { status: (e as { status?: number }).status, message: (e as Error).message };
  }
  throw new Error(`not refused: ${sql}`);
};
const printRows = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from mat_wf_print'))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  await t.newTenant('S70001');
  // A function that writes, unknown to the parse check: only the read-only transaction can stop it.
  await t.db.exec(`create function mat_test_writer() returns int language sql as
    $$ insert into mat_wf_print (id, tenant_id, template_id, region_level, print_num) values (9, '${DEMO}', 1, 1, 1) returning 1 $$`);
});
afterAll(() => t?.close());

describe('the read-only SQL runner', () => {
  it('answers one SELECT or WITH … SELECT with bound parameters', async () => {
    const r = await run('select materials_name as name from mat_int_materials where item_id = :itemId order by order_number', {
      itemId: '1901000000000000001',
    });
    expect(r.rows[0]).toEqual({ name: '临时救助申请书' });
    expect(r.columns).toEqual(['name']);
    const w = await run('with m as (select * from mat_int_materials where item_id = :item) select count(*)::int as n from m;', {
      item: '1901000000000000003',
    });
    expect(w.rows).toEqual([{ n: 5 }]);
    // A value is data, never SQL; a parameter not given is NULL and matches nothing.
    expect((await run('select :v as v', { v: "x'; drop table blade_user; --" })).rows).toEqual([{ v: "x'; drop table blade_user; --" }]);
    expect((await run('select count(*)::int as n from mat_int_materials where item_id = :itemId')).rows).toEqual([{ n: 0 }]);
  });

  it('binds :tenantId to the caller tenant whatever the caller sends', async () => {
    expect((await run('select :tenantId as t', { tenantId: '000000' })).rows).toEqual([{ t: DEMO }]);
  });

  it('cuts a long answer at the row limit and says so', async () => {
    const r = await run('select n from generate_series(1, 50) n', {}, { maxRows: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.truncated).toBe(true);
  });

  it('reads only the caller tenant: other tenants’ rows are not there, other ways in are refused', async () => {
    const other = await run("select count(*)::int as n from blade_user where tenant_id <> '100001'");
    expect(other.rows).toEqual([{ n: 0 }]);
    const mine = await run('select count(*)::int as n from blade_user');
    expect(mine.rows[0].n).toBeGreaterThan(0);
    expect(await refusal('select * from public.blade_user')).toEqual({ status: 400, message: expect.stringContaining('不能指定模式名') });
    expect(await refusal('select * from pg_user')).toEqual({ status: 400, message: '不能读取表: pg_user' });
    expect(await refusal('select * from blade_session')).toMatchObject({
      status: 400,
      message: expect.stringMatching(/不能读取表|表不存在/),
    });
    // A WITH name may not stand in for a real relation elsewhere in the statement.
    expect(await refusal('with pg_class as (select 1) select * from pg_class')).toMatchObject({ status: 400 });
    // Platform configuration (OAuth clients) is not readable, nor are password columns.
    expect(await refusal('select client_secret from blade_client')).toMatchObject({ status: 400 });
    expect(await refusal('select url from blade_datasource')).toEqual({ status: 400, message: '不能读取表: blade_datasource' });
    expect(await refusal('select password from blade_user')).toMatchObject({
      status: 400,
      message: expect.stringContaining('SQL执行出错'),
    });
  });

  it('refuses writes, chained statements, DDL and denied functions with a clear message', async () => {
    const before = await printRows();
    expect(await refusal('select 1; delete from mat_wf_print')).toEqual({
      status: 400,
      message: '只能执行一条SELECT语句，不能用分号连接多条语句',
    });
    expect(await refusal('delete from mat_wf_print')).toEqual({ status: 400, message: '只能执行查询(SELECT)语句，不能修改数据或结构' });
    expect(await refusal('drop table mat_wf_print')).toMatchObject({ status: 400 });
    expect(await refusal('with d as (delete from mat_wf_print returning *) select * from d')).toMatchObject({
      status: 400,
      message: expect.stringContaining('不能包含写操作'),
    });
    expect(await refusal('select * into mat_copy from mat_wf_print')).toEqual({ status: 400, message: '不能使用SELECT INTO' });
    expect(await refusal('select * from mat_wf_print for update')).toMatchObject({ status: 400 });
    expect(await refusal("select set_config('search_path', 'public', false)")).toEqual({
      status: 400,
      message: '不允许在查询中调用函数: set_config',
    });
    expect(await refusal('select pg_sleep(30)')).toEqual({ status: 400, message: '不允许在查询中调用函数: pg_sleep' });
    expect(await refusal("select query_to_xml('select * from public.blade_user', true, false, '')")).toMatchObject({ status: 400 });
    expect(await refusal('select $1')).toMatchObject({ status: 400, message: expect.stringContaining(':参数名') });
    expect(await refusal('selec 1')).toMatchObject({ status: 400, message: expect.stringContaining('SQL语法错误') });
    // The read-only transaction is the real guard: a writing function the check does not know is stopped.
    expect(await refusal('select mat_test_writer()')).toEqual({ status: 400, message: '只读查询不能修改数据' });
    expect(await printRows()).toBe(before);
  });

  it('refuses a statement whose planned cost is above the ceiling before it runs (both databases)', async () => {
    expect(await refusal('select count(*) from generate_series(1, 500000000)')).toEqual({
      status: 400,
      message: '查询预计耗时过长(估算代价6250000，上限2000000)，已拒绝执行，请增加条件缩小查询范围',
    });
  });

  it.skipIf(inject('dbKind') !== 'pg')('stops a statement that runs past its time limit (PostgreSQL)', async () => {
    // Cheap to plan (the cost ceiling lets it through), slow to run: only the statement timeout stops it.
    expect(
      await refusal("select count(*) from generate_series(1, 1000) a where md5(repeat(a::text, 2000000)) <> ''", {}, { timeoutMs: 300 }),
    ).toEqual({
      status: 400,
      message: '查询超时(超过0.3秒)，已取消',
    });
  });
});
