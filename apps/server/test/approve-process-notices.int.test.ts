import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveCalls, ORPHAN_VERSION } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The matter version's process notices (processStartNoticeUrl, processEndNoticeUrl): the
// registration that starts an application's process and the command that ends it POST the
// application's state to the version's addresses once they have committed, through the step
// hooks' caller; a failing address is logged and changes nothing. The addresses are served by an
// HTTP server started here: the systems notices call are outside the project.

let t: TestApp;
let admin: TestUser;
let cw: TestUser;
let c: ReturnType<typeof approveCalls>;
let server: Server;
let base = '';
const received: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let s = '';
    req.on('data', (x) => {
      s += x;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(s || '{}') });
      res.writeHead(req.url?.includes('fail') ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  cw = await t.as('caseworker', '100001');
  c = approveCalls(t);
  await t.db.query("update blade_param set param_value = '127.0.0.1' where param_key = 'matter.hook.allowedHosts'");
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

const setUrls = (start: string | null, end: string | null) =>
  t.db.query('update mat_wf_version set process_start_notice_url = $2, process_end_notice_url = $3 where id = $1', [
    ORPHAN_VERSION,
    start,
    end,
  ]);
const got = (path: string, applyId: string) => received.filter((r) => r.path === path && r.body.applyId === applyId);
const notAccept = async (applyId: string) => {
  const task = await c.taskOf(cw, applyId);
  if (!task?.claimed) await c.get(cw, `/demoTodo/doClaim?taskId=${task?.taskId}`);
  return c.post(cw, '/demoApply/handleTask', { applyId, taskId: task?.taskId, action: 'notAccept', reason: '不符合申领条件' });
};

describe('process notices of the matter version', () => {
  it('registration sends the start notice; the command that ends the process sends the end notice, once', async () => {
    await setUrls(`${base}/start`, `${base}/end`);
    const reg = await c.register(admin);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.data.id as string;
    await vi.waitFor(() => expect(got('/start', id)).toHaveLength(1), { timeout: 10_000 });
    expect(got('/start', id)[0].body).toMatchObject({
      event: 'processStart',
      applyId: id,
      itemName: '孤儿基本生活费申领',
      mathfVersionId: ORPHAN_VERSION,
      processInstanceId: reg.body.data.processInstanceId,
      status: 'SUBMITTED',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(got('/end', id)).toEqual([]);

    const ended = await notAccept(id);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await vi.waitFor(() => expect(got('/end', id)).toHaveLength(1), { timeout: 10_000 });
    expect(got('/end', id)[0].body).toMatchObject({ event: 'processEnd', applyId: id, status: 'NOT_ACCEPTED' });
    // A draft starts no process: nothing is sent for it. The next registration's start notice
    // arrives, and no second end notice came for the first application meanwhile.
    const draft = await c.register(admin, { submit: false });
    const next = await c.register(admin);
    await vi.waitFor(() => expect(got('/start', next.body.data.id)).toHaveLength(1), { timeout: 10_000 });
    expect(got('/start', draft.body.data.id)).toEqual([]);
    expect(got('/end', id)).toHaveLength(1);
  });

  it('a failing address is logged and changes nothing; a version without addresses sends none', async () => {
    await setUrls(null, `${base}/end-fail`);
    const reg = await c.register(admin);
    const id = reg.body.data.id as string;
    const ended = await notAccept(id);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.status).toBe('NOT_ACCEPTED');
    await vi.waitFor(
      async () => {
        await t.app.logs.writer.flush();
        const logs = await t.db.query<{ d: string }>(
          "select log_data as d from blade_log_usual where log_id = 'element-hook' and log_data like '流程结束通知%'",
        );
        expect(logs.some((l) => l.d.includes(`${base}/end-fail`) && l.d.includes('status=500'))).toBe(true);
      },
      { timeout: 10_000 },
    );
    expect(got('/start', id)).toEqual([]);
    expect((await t.db.query<{ s: string }>('select apply_status as s from biz_apply where id = $1', [id]))[0].s).toBe('NOT_ACCEPTED');
  });
});
