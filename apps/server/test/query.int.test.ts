import { bmsQueryList } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows } from './helpers/samples.ts';

const Q = '/api/dw-query';
const REPORT = '/api/blade-report/report/rest';
let t: TestApp;
let admin: TestUser;
let other: TestUser;

const post = (u: TestUser, url: string, payload: object) => t.call(u, { method: 'POST', url, payload });
const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

/** Saves a query with conditions and answers its id. */
async function addQuery(u: TestUser, content: string, conditions: object[] = [], extra: object = {}) {
  const res = await post(u, `${Q}/bmsQueryList/submit`, { customName: `查询${Math.random()}`.slice(0, 20), content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = String(res.body.data.id);
  for (const c of conditions) {
    const r = await post(u, `${Q}/bmsQueryCondition/submit`, { queryId: id, ...c });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  other = await t.newTenant('Q70001');
});
afterAll(() => t?.close());

describe('custom query configuration', () => {
  it('keeps query types, queries, conditions and result columns, and removes them physically', async () => {
    const type = await post(admin, `${Q}/bmsQueryType/submit`, { typeName: '人员统计', typeCode: 'person', orderNum: '1' });
    expect(type.status).toBe(200);
    const typeId = String(type.body.data.id);
    expect((await get(admin, `${Q}/bmsQueryType/list?typeName=人员`)).body.data.records).toHaveLength(1);

    const id = await addQuery(
      admin,
      'select dept_name as "deptName" from blade_dept where dept_name like :deptName',
      [{ conditionName: '部门名称', paramName: 'deptName', conditionType: 'input', orderNum: '1' }],
      { typeId, customNo: 'Q-001' },
    );
    const detail = await get(admin, `${Q}/bmsQueryList/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ customNo: 'Q-001', typeId, isSys: 0 });
    expect((await get(admin, `${Q}/bmsQueryList/list?typeId=${typeId}`)).body.data.total).toBe(1);

    const cols = await post(admin, `${Q}/bmsQueryTabDetail/cusSave`, {
      queryId: id,
      list: [{ fieldName: 'deptName', fieldLabel: '部门', width: 200 }],
    });
    expect(cols).toMatchObject({ status: 200, body: { msg: '保存成功' } });
    // cusSave replaces the list: saved twice, one column.
    await post(admin, `${Q}/bmsQueryTabDetail/cusSave`, { queryId: id, list: [{ fieldName: 'deptName', fieldLabel: '部门名称' }] });
    expect((await get(admin, `${Q}/bmsQueryTabDetail/list?queryId=${id}`)).body.data.records).toMatchObject([
      { fieldLabel: '部门名称', isShow: 1 },
    ]);
    expect(
      await post(admin, `${Q}/bmsQueryTabDetail/cusSave`, {
        queryId: id,
        list: [
          { fieldName: 'a', fieldLabel: 'A' },
          { fieldName: 'a', fieldLabel: 'B' },
        ],
      }),
    ).toMatchObject({
      status: 400,
      body: { msg: '列名重复: a' },
    });
    const full = await get(admin, `${Q}/bmsQueryTabDetail/getCusDetailById?id=${id}`);
    expect(full.body.data).toMatchObject({
      id,
      conditions: [{ paramName: 'deptName', conditionName: '部门名称' }],
      tabDetails: [{ fieldName: 'deptName', fieldLabel: '部门名称' }],
    });

    // A condition may not claim :tenantId, a drop-down needs its dictionary, a parameter name is an identifier.
    expect(await post(admin, `${Q}/bmsQueryCondition/submit`, { queryId: id, conditionName: '租户', paramName: 'tenantId' })).toMatchObject(
      { status: 400 },
    );
    expect(
      await post(admin, `${Q}/bmsQueryCondition/submit`, { queryId: id, conditionName: '性别', paramName: 'sex', conditionType: 'select' }),
    ).toMatchObject({
      status: 400,
      body: { msg: '请输入字典编码' },
    });
    expect(await post(admin, `${Q}/bmsQueryCondition/submit`, { queryId: id, conditionName: 'x', paramName: '1x' })).toMatchObject({
      status: 400,
    });

    const extra = await post(admin, `${Q}/bmsQueryCondition/submit`, { queryId: id, conditionName: '临时', paramName: 'tmp' });
    expect((await get(admin, `${Q}/bmsQueryCondition/removeSinglePhy?id=${extra.body.data.id}`)).body).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    expect((await t.db.query('select count(*)::int n from bms_query_condition where id = $1', [extra.body.data.id]))[0].n).toBe(0);

    // Removing the query removes it for good, with its conditions and columns.
    expect((await get(admin, `${Q}/bmsQueryList/removeSinglePhy?id=${id}`)).status).toBe(200);
    for (const [table, col] of [
      ['bms_query_list', 'id'],
      ['bms_query_condition', 'query_id'],
      ['bms_query_tab_detail', 'query_id'],
    ]) {
      expect((await t.db.query(`select count(*)::int n from ${table} where ${col} = $1`, [id]))[0].n, table).toBe(0);
    }
    expect((await get(admin, `${Q}/bmsQueryList/removeSinglePhy?id=${id}`)).status).toBe(404);
  });

  it('refuses SQL that is not one SELECT on save, and changes nothing', async () => {
    const before = await countRows(t, bmsQueryList);
    for (const [content, msg] of [
      ['delete from blade_user', '只能执行查询(SELECT)语句，不能修改数据或结构'],
      ['select 1; drop table blade_user', '只能执行一条SELECT语句，不能用分号连接多条语句'],
      ['select pg_sleep(60)', '不允许在查询中调用函数: pg_sleep'],
    ]) {
      expect(await post(admin, `${Q}/bmsQueryList/submit`, { customName: '坏查询', content }), content).toMatchObject({
        status: 400,
        body: { msg },
      });
    }
    expect(await post(admin, `${Q}/bmsQueryList/submit`, { customName: 'x'.repeat(51), content: 'select 1' })).toMatchObject({
      status: 400,
    });
    expect(await countRows(t, bmsQueryList)).toBe(before);
  });
});

describe('running a custom query (bmsuccessQuery)', () => {
  it('binds the conditions by name and pages the answer', async () => {
    const id = await addQuery(
      admin,
      'select account, real_name as "realName" from blade_user where account like :account and (:minSort::int is null or sort >= :minSort::int) order by account',
      [
        { conditionName: '账号', paramName: 'account', isRequired: 1 },
        { conditionName: '最小排序', paramName: 'minSort', conditionType: 'number' },
      ],
    );
    const all = await get(admin, `${Q}/bmsuccessQuery/queryList?${q({ id, account: '%' })}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const accounts = all.body.data.map((r: { account: string }) => r.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'caseworker', 'auditor']));
    // A value is data, never SQL.
    expect((await get(admin, `${Q}/bmsuccessQuery/queryList?${q({ id, account: "x' or '1'='1" })}`)).body.data).toEqual([]);
    expect((await post(admin, `${Q}/bmsuccessQuery/queryList`, { id, account: 'admin' })).body.data).toEqual([
      { account: 'admin', realName: expect.any(String) },
    ]);

    const page = await get(admin, `${Q}/bmsuccessQuery/queryPage?${q({ id, account: '%', current: '2', size: '1' })}`);
    expect(page.body.data).toMatchObject({ total: accounts.length, current: 2, size: 1, columns: ['account', 'realName'] });
    expect(page.body.data.records).toEqual([all.body.data[1]]);

    // Conditions are checked before anything runs.
    for (const [params, msg] of [
      [{ id }, '请输入账号'],
      [{ id, account: '%', minSort: 'abc' }, '最小排序应为数字'],
      [{ id, account: '%', nope: '1' }, '未知的查询条件: nope'],
      [{ id, account: '%', size: '0' }, expect.stringContaining('size')],
    ] as const) {
      expect(await get(admin, `${Q}/bmsuccessQuery/queryPage?${q(params as Record<string, string>)}`)).toMatchObject({
        status: 400,
        body: { msg },
      });
    }
  });

  it('refuses a write and changes nothing', async () => {
    await t.db.exec(`create or replace function query_test_writer() returns int language sql as
      $$ update blade_user set real_name = 'x' where account = 'admin' returning 1 $$`);
    // Saved before the check existed, or written straight into the table: the run checks again.
    const id = await addQuery(admin, 'select 1 as n');
    await t.db.query('update bms_query_list set content = $1 where id = $2', ['delete from blade_user', id]);
    expect(await get(admin, `${Q}/bmsuccessQuery/queryList?id=${id}`)).toMatchObject({
      status: 400,
      body: { msg: '只能执行查询(SELECT)语句，不能修改数据或结构' },
    });
    await t.db.query('update bms_query_list set content = $1 where id = $2', ['select query_test_writer()', id]);
    expect(await get(admin, `${Q}/bmsuccessQuery/queryList?id=${id}`)).toMatchObject({
      status: 400,
      body: { msg: '只读查询不能修改数据' },
    });
    expect((await t.db.query<{ n: number }>("select count(*)::int n from blade_user where real_name = 'x'"))[0].n).toBe(0);
  });

  it("never reads another tenant's rows, nor another tenant's query", async () => {
    const mine = await addQuery(admin, "select count(*)::int as n from blade_user where tenant_id = 'Q70001'");
    expect((await get(admin, `${Q}/bmsuccessQuery/queryList?id=${mine}`)).body.data).toEqual([{ n: 0 }]);
    const theirs = await addQuery(other, 'select account from blade_user');
    expect((await get(other, `${Q}/bmsuccessQuery/queryList?id=${theirs}`)).body.data).toEqual([{ account: 'admin' }]);
    expect(await get(admin, `${Q}/bmsuccessQuery/queryList?id=${theirs}`)).toMatchObject({ status: 404 });
    expect(await get(admin, `${Q}/bmsQueryTabDetail/getCusDetailById?id=${theirs}`)).toMatchObject({ status: 404 });
    expect(
      await post(admin, `${Q}/bmsQueryList/submit`, { customName: '跨租户', content: 'select * from public.blade_user' }),
    ).toMatchObject({
      status: 400,
      body: { msg: '不能指定模式名读取表: public.blade_user' },
    });
    const sneaky = await addQuery(admin, 'select 1 as n');
    await t.db.query('update bms_query_list set content = $1 where id = $2', ['select count(*) as n from pg_class', sneaky]);
    expect(await get(admin, `${Q}/bmsuccessQuery/queryList?id=${sneaky}`)).toMatchObject({
      status: 400,
      body: { msg: '不能读取表: pg_class' },
    });
  });

  it('refuses a statement that would run long before it runs (both databases)', async () => {
    const id = await addQuery(admin, 'select count(*) as n from generate_series(1, 500000000) a');
    const res = await get(admin, `${Q}/bmsuccessQuery/queryList?id=${id}`);
    expect(res).toMatchObject({ status: 400, body: { msg: expect.stringContaining('查询预计耗时过长') } });
  });

  it.skipIf(inject('dbKind') !== 'pg')('stops a statement past its time limit (PostgreSQL)', async () => {
    // Cheap to plan, slow to run: only the statement timeout stops it.
    const id = await addQuery(admin, "select count(*) as n from generate_series(1, 1000) a where md5(repeat(a::text, 2000000)) <> ''");
    const res = await get(admin, `${Q}/bmsuccessQuery/queryList?id=${id}`);
    expect(res).toMatchObject({ status: 400, body: { msg: expect.stringContaining('查询超时') } });
  });
});

describe('report templates', () => {
  it('lists, runs (table and chart data) and removes a template', async () => {
    const sql = await post(admin, '/api/dw-matter/matPrintSql/submit', {
      name: '部门人数',
      sql: 'select d.dept_name as "部门", count(u.id)::int as "人数" from blade_dept d left join blade_user u on u.dept_id::text = d.id::text where d.dept_name like :name group by d.dept_name order by 1',
    });
    expect(sql.status, JSON.stringify(sql.body)).toBe(200);
    const add = await post(admin, `${REPORT}/submit`, {
      templateName: '部门人数统计',
      code: 'dept-count',
      printSqlId: sql.body.data.id,
      chartType: 'bar',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = String(add.body.data.id);
    expect(await post(admin, `${REPORT}/submit`, { templateName: '缺编码', printSqlId: sql.body.data.id })).toMatchObject({ status: 400 });
    expect(
      await post(admin, `${REPORT}/submit`, { templateName: '长编码', code: 'x'.repeat(17), printSqlId: sql.body.data.id }),
    ).toMatchObject({ status: 400 });

    const list = await get(admin, `${REPORT}/list?current=1&size=10&templateName=部门`);
    expect(list.body.data.records).toMatchObject([{ id, code: 'dept-count' }]);

    const run = await get(admin, `${REPORT}/run?${q({ id, name: '%' })}`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ templateName: '部门人数统计', chartType: 'bar', params: ['name'], columns: ['部门', '人数'] });
    expect(run.body.data.rows.length).toBeGreaterThan(0);
    expect(await get(admin, `${REPORT}/run?${q({ id, other: '1' })}`)).toMatchObject({
      status: 400,
      body: { msg: '未知的报表参数: other' },
    });
    expect(await get(other, `${REPORT}/run?${q({ id })}`)).toMatchObject({ status: 404 });

    expect((await post(admin, `${REPORT}/remove?ids=${id}`, {})).status).toBe(200);
    expect((await get(admin, `${REPORT}/detail?id=${id}`)).status).toBe(404);
  });
});
