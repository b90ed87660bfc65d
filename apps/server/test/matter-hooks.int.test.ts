import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHooks } from '../src/modules/element-hooks/hook-caller.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Step hooks against a real HTTP server started here: the systems hooks call are outside the
// project (a county's payment system, a notice gateway), so this server stands where they would.
let t: TestApp;
let a: TestUser;
let b: TestUser;
let hookServer: Server;
let base = '';
let saved: { k: string; v: string }[] = [];
const received: { path: string; body: unknown }[] = [];
const M = '/api/dw-matter/matWfElementMethod';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  hookServer = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ path: req.url ?? '', body: body ? JSON.parse(body) : null });
    if (req.url === '/fail') return res.writeHead(500).end('boom');
    if (req.url?.startsWith('/slow')) await new Promise((r) => setTimeout(r, Number(req.url?.split('=')[1] ?? 2000)));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}`;
  t = await buildTestApp();
  // The PostgreSQL run shares one database between files: the parameters go back as they were.
  saved = await t.db.query("select param_key as k, param_value as v from blade_param where param_key like 'matter.hook.%'");
  a = await t.as('admin', '100001');
  b = await t.newTenant(`MH${Date.now() % 1e8}`.slice(0, 12));
});
afterAll(async () => {
  for (const p of saved) await t?.db.query('update blade_param set param_value = $1 where param_key = $2', [p.v, p.k]);
  await t?.close();
  hookServer?.closeAllConnections();
  await new Promise((r) => hookServer?.close(r));
});

const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const setParam = async (key: string, value: string) => {
  await t.db.query('update blade_param set param_value = $1 where param_key = $2', [value, key]);
  t.app.ctx.params.forget();
};
const methods = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from mat_wf_element_method where is_deleted = 0'))[0].n;
const method = (methodUrl: string, extra: object = {}) => ({ methodName: '救助金发放通知', triggerWay: 2, methodUrl, ...extra });
const hookLogs = async () => {
  await t.app.logs.writer.flush();
  return (
    await t.db.query<{ d: string; l: string }>(
      "select log_data as d, log_level as l from blade_log_usual where log_id = 'element-hook' order by create_time",
    )
  ).map((r) => r);
};

describe('saving a step hook', () => {
  it('is refused while no host is allowed, for a host not on the list, and for metadata addresses even when listed', async () => {
    // The product's default: nothing allowed (the test template allows the definitions' example host).
    await setParam('matter.hook.allowedHosts', '');
    const before = await methods();
    const none = await post(a, `${M}/submit`, method(`${base}/ok`));
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('未配置允许调用的主机');
    await setParam('matter.hook.allowedHosts', 'localhost,*.example.gov.cn');
    const loopback = await post(a, `${M}/submit`, method(`${base}/ok`));
    expect(loopback.status).toBe(400);
    expect(loopback.body.msg).toBe('方法地址的主机 127.0.0.1 不在允许列表中(参数 matter.hook.allowedHosts)');
    await setParam('matter.hook.allowedHosts', '169.254.169.254,*.example.gov.cn');
    const metadata = await post(a, `${M}/submit`, method('http://169.254.169.254/latest/meta-data/'));
    expect(metadata.status).toBe(400);
    expect(metadata.body.msg).toContain('云元数据');
    expect((await post(a, `${M}/submit`, method('ftp://files.example.gov.cn/x'))).status).toBe(400);
    expect((await post(a, `${M}/submit`, { methodName: '缺地址', triggerWay: 2 })).status).toBe(400);
    expect(await methods()).toBe(before);
    const fine = await post(a, `${M}/submit`, method('https://hooks.example.gov.cn/after'));
    expect(fine.status).toBe(200);
    expect(fine.body.data.requestModel).toBe('sync');
  });
});

describe('calling a step hook', () => {
  let ok = '';
  let fail = '';
  let slow = '';
  beforeAll(async () => {
    await setParam('matter.hook.allowedHosts', '127.0.0.1');
    ok = (await post(a, `${M}/submit`, method(`${base}/ok`))).body.data.id;
    fail = (await post(a, `${M}/submit`, method(`${base}/fail`, { methodName: '失败的方法' }))).body.data.id;
    slow = (await post(a, `${M}/submit`, method(`${base}/slow?ms=2000`, { methodName: '慢方法' }))).body.data.id;
  });

  it('posts the payload as JSON and answers the status; a failure is reported, not thrown', async () => {
    received.length = 0;
    const res = await post(a, `${M}/trigger`, { id: ok, payload: { applyId: '42' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ok: true, status: 200, body: '{"ok":true}' });
    expect(received).toEqual([{ path: '/ok', body: { applyId: '42' } }]);
    const failed = await post(a, `${M}/trigger`, { id: fail });
    expect(failed.body.data).toMatchObject({ ok: false, status: 500, error: 'HTTP 500' });
    expect(failed.body.msg).toBe('调用失败: HTTP 500');
  });

  it('gives up after matter.hook.timeoutMs', async () => {
    await setParam('matter.hook.timeoutMs', '300');
    const res = await post(a, `${M}/trigger`, { id: slow });
    // The slow endpoint would answer 200 after its delay: the answer is the timeout's.
    expect(res.body.data).toMatchObject({ ok: false, status: null, error: '超时(300 毫秒)' });
    await setParam('matter.hook.timeoutMs', '5000');
  });

  it('logs every call with method, URL, status and duration', async () => {
    const logs = await hookLogs();
    const line = (path: string) => logs.find((l) => l.d.includes(`${base}${path}`));
    expect(line('/ok')?.d).toMatch(new RegExp(`^救助金发放通知 POST ${base}/ok status=200 duration=\\d+ms$`));
    expect(line('/ok')?.l).toBe('info');
    expect(line('/fail')).toMatchObject({ l: 'warn' });
    expect(line('/fail')?.d).toContain('status=500');
    expect(line('/slow?ms=2000')?.d).toContain('error=超时');
  });

  it('re-checks the list before every call: a host taken off it is not called', async () => {
    await setParam('matter.hook.allowedHosts', 'hooks.example.gov.cn');
    received.length = 0;
    const res = await post(a, `${M}/trigger`, { id: ok });
    expect(res.body.data.ok).toBe(false);
    expect(res.body.data.error).toContain('不在允许列表中');
    expect(received).toEqual([]);
    await setParam('matter.hook.allowedHosts', '127.0.0.1');
  });

  it('runs synchronous hooks in order, stopping at the first failure; asynchronous ones are left running and logged', async () => {
    const deps = { params: t.app.ctx.params, logs: t.app.logs };
    received.length = 0;
    const sync = await runHooks(
      deps,
      [
        { methodName: '一', methodUrl: `${base}/ok` },
        { methodName: '二', methodUrl: `${base}/fail` },
        { methodName: '三', methodUrl: `${base}/ok?third` },
      ],
      { step: 1 },
    );
    expect(sync.failed?.method.methodName).toBe('二');
    expect(received.map((r) => r.path)).toEqual(['/ok', '/fail']);
    const left = await runHooks(deps, [{ methodName: '异步通知', methodUrl: `${base}/slow?ms=400`, requestModel: 'async' }], {});
    expect(left).toEqual({});
    // Not waited for: the run came back before the hook answered (its log line is written on the answer).
    expect((await hookLogs()).some((l) => l.d.startsWith('异步通知'))).toBe(false);
    await expect
      .poll(
        async () =>
          (await hookLogs()).some((l) => l.d.startsWith('异步通知') && l.d.includes('status=200 duration=') && l.d.endsWith('async')),
        { timeout: 3000 },
      )
      .toBe(true);
  });

  it('another tenant cannot call or see a tenant’s hook; a hook a step button uses cannot be removed', async () => {
    expect((await post(b, `${M}/trigger`, { id: ok })).status).toBe(404);
    const [lb] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_local_button where tenant_id = '100001' and local_button_name = '办结'",
    );
    const sb = await post(a, '/api/dw-matter/matWfElementButton/submit', {
      elementId: '1903000000000000114',
      localButtonId: lb.id,
      triggerWay: 2,
      triggerMethod: ok,
    });
    expect(sb.body.data.methodName).toBe('救助金发放通知');
    const before = await methods();
    const res = await post(a, `${M}/remove?ids=${ok}`);
    expect(res.status).toBe(400);
    expect(await methods()).toBe(before);
  });
});
