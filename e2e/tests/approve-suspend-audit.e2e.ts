import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { idCard, registerOrphan } from '../support/approve.ts';
import { openBrowser } from '../support/browser.ts';
import { type ModeServer, startModeServer } from '../support/mode-server.ts';
import { waitPath } from '../support/shell.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast, settled } from '../support/waits.ts';

// 挂起审核 from the auditor's side: on a step with suspension audit, the township officer's 挂起 is
// only a request; the step's leader role (the demo `auditor`) finds it on the todo screen's
// 挂起审核 tab, opens it and approves it, and the application is suspended. The step's
// configuration is set in the database of a server of this test's own (the shared server's demo
// versions are in use by other tests, and a version in use is not edited through the API).

const ACCEPT_STEP = '1903000000000000121'; // its 乡镇受理核实
const APPROVE = '/api/dw-biz-mzapprove';

let browser: Browser;
let server: ModeServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([openBrowser(), startModeServer({ captchaMode: false })]);
  const [{ id: auditorRole }] = await server.db.query<{ id: string }>(
    `select id::text from blade_role where tenant_id = '${DEMO_TENANT}' and role_alias = 'auditor' and is_deleted = 0`,
  );
  await server.db.query('update mat_wf_element set if_suspend_audit = 1, leader_role = $2::bigint where id = $1', [
    ACCEPT_STEP,
    auditorRole,
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const call = (token: string, path: string, json?: unknown) =>
  api(`${APPROVE}${path}`, { base: server.base, token, ...(json === undefined ? {} : { method: 'POST', json }) });

describe('approvals: a suspension request audited from the todo screen', () => {
  it('the leader role finds the request on the 挂起审核 tab, opens it and approves it', async () => {
    const applyId = await registerOrphan({ child: '赵小明', guardian: '赵四', address: '某县某镇某村2号' }, server.base);

    // The township officer claims the acceptance and asks to suspend it.
    const town = await apiSignIn('town_child', 'town_child', DEMO_TENANT, server.base);
    const todo = (await call(town, '/demoTodo/getMyTodoList?size=100')).body.data as { records: Record<string, string>[] };
    const task = todo.records.find((r) => r.applyId === applyId);
    expect(task, 'the acceptance in the township officer’s todo list').toBeTruthy();
    expect((await call(town, `/demoTodo/doClaim?taskId=${task?.taskId}`)).status).toBe(200);
    const asked = await call(town, '/demoApply/handleTask', {
      applyId,
      taskId: task?.taskId,
      realCurActivityName: task?.realCurActivityName,
      action: 'suspend',
      reason: '需现场核查',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Only a request: the application still waits for its acceptance.
    expect((asked.body.data as { status: string }).status).toBe('SUBMITTED');

    const auditor = await signedInPage(browser, 'auditor', 'auditor', DEMO_TENANT, { base: server.base });
    await auditor.goto('/matters/todo');
    // the badge's number (its title: the digits themselves are drawn as a scrolling column)
    await eventually(() => auditor.getByTestId('approve-count-audit').locator('.ant-scroll-number').getAttribute('title')).toBe('1');
    await auditor.getByTestId('approve-tab-audit').click();
    const row = auditor.getByTestId('approve-audit').locator('tr', { hasText: '赵四' });
    await row.waitFor();
    const applicantId = idCard('11010119900307123');
    for (const text of ['孤儿基本生活费申领', '乡镇受理核实', '需现场核查', `${applicantId.slice(0, 6)}********${applicantId.slice(-4)}`])
      expect(await row.innerText()).toContain(text);
    expect(await row.innerText()).not.toContain(applicantId);

    await row.getByTestId('approve-audit-open').click();
    await auditor.getByTestId('suspend-request').waitFor();
    expect(await auditor.getByTestId('suspend-request').innerText()).toContain('需现场核查');
    await auditor.getByTestId('suspend-approve').click();
    await settled(auditor, '.ant-modal:visible').locator('.ant-modal-content').waitFor();
    await expectToast(auditor, '审核完成', () => auditor.getByTestId('approve-action-ok').click());
    // Back on the list it came from, which no longer holds the request.
    await waitPath(auditor, '/matters/todo');
    await auditor.getByTestId('approve-audit').locator('.ant-table-placeholder').waitFor();
    expect(await auditor.getByTestId('approve-audit').locator('tr', { hasText: '赵四' }).count()).toBe(0);

    const top = await call(town, `/demoApply/getCurrentTopRight?applyId=${applyId}`);
    expect(top.body.data).toMatchObject({ status: 'SUSPENDED', warnState: 3 });
    // The todo screen opened afresh has no such tab: nothing is left to audit.
    await auditor.goto('/matters/todo');
    await auditor.getByTestId('approve-tab-todo').waitFor();
    await eventually(() => auditor.getByTestId('approve-tab-audit').count()).toBe(0);
  });
});
