import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { pickOption } from '../support/pickers.ts';
import { tenantAdmin, waitPath } from '../support/shell.ts';
import { expectToast } from '../support/waits.ts';

// The leave request through every list of 我的事务 as the demo tenant's administrator, who is both
// the approver named at the start (部门经理审批) and a candidate of 人事审批 (role admin):
// start → to do → approve → to claim → claim → return to the manager → approve → claim → approve
// → finished in 已发, on the diagram and in the steps beside it.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** The row of this instance in the list open on `page` (rows are keyed `{processInstanceId}-{taskId}`). */
const rowOf = (page: Page, pid: string, text?: string) => page.locator(`tr[data-row-key^="${pid}-"]`, text ? { hasText: text } : {});

async function openList(page: Page, list: 'claim' | 'todo' | 'send' | 'done') {
  await page.getByTestId(`work-tab-${list}`).click();
  await waitPath(page, `/work/${list}`);
  await page.getByTestId(`work-${list}`).waitFor();
}

async function handle(page: Page, pid: string, step: string) {
  await openList(page, 'todo');
  await rowOf(page, pid, step).getByTestId('work-handle-action').click();
  await page.getByTestId('leave-handle').waitFor();
  await page.getByTestId('leave-facts').getByText('e2e 探亲').waitFor();
}

async function claim(page: Page, pid: string, step: string) {
  await openList(page, 'claim');
  await expectToast(page, '签收成功', () => rowOf(page, pid, step).getByTestId('work-claim-action').click());
  await rowOf(page, pid, step).waitFor({ state: 'detached' });
}

async function approve(page: Page) {
  await expectToast(page, '办理成功', () => page.getByTestId('leave-approve').click());
  await waitPath(page, '/work/todo');
}

describe('leave request', () => {
  it('runs start → approve → claim → return → approve → claim → approve, seen in every list and on the diagram', async () => {
    const page = await tenantAdmin(browser);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const me = (await api('/api/blade-user/info', { token })).body.data as { realName: string };

    // 发起: the seeded 请假流程 opens its start form.
    await page.goto('/work/start');
    await page.getByTestId('work-start').locator('tr', { hasText: '请假流程' }).first().getByTestId('work-start-action').click();
    await page.waitForURL((u) => u.pathname.startsWith('/work/process/leave/form/'));
    await page.getByTestId('leave-form').getByTestId('flow-viewer').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 20_000 });
    await page.getByTestId('leave-submit').click();
    await page.getByText('请选择审批人').waitFor();
    await page.getByTestId('leave-taskUser').locator('input').fill(me.realName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: me.realName }).first().click();
    const range = page.getByTestId('leave-form').locator('.ant-picker-range input');
    await range.first().click();
    await range.first().fill('2026-12-01 09:00');
    await range.first().press('Enter');
    await range.nth(1).fill('2026-12-02 18:00');
    await range.nth(1).press('Enter');
    await page.getByTestId('leave-reason').fill('e2e 探亲');
    const started = page.waitForResponse((r) => r.url().includes('/leave/start-process'));
    await expectToast(page, '请假申请已提交', () => page.getByTestId('leave-submit').click());
    const pid = ((await (await started).json()).data as { processInstanceId: string }).processInstanceId;
    await waitPath(page, '/work/send');
    await rowOf(page, pid).waitFor();

    // 待办: the manager's step, counted in the badge; approved.
    await openList(page, 'todo');
    await expect.poll(async () => Number(await page.getByTestId('work-count-todo').innerText())).toBeGreaterThan(0);
    await handle(page, pid, '部门经理审批');
    await approve(page);

    // 待签 → 待办: 人事审批 is offered to the admin role; claimed, then returned to the manager.
    await claim(page, pid, '人事审批');
    await handle(page, pid, '人事审批');
    await page.getByTestId('leave-comment').fill('请补充说明');
    await page.getByTestId('leave-return').click();
    await pickOption(page, page.getByTestId('return-target'), { label: '部门经理审批' });
    await expectToast(page, '已退回', () => page.getByTestId('return-ok').click());
    await waitPath(page, '/work/todo');

    // Back at the manager: approved again, then 人事审批 claimed and approved: the process ends.
    await handle(page, pid, '部门经理审批');
    await approve(page);
    await claim(page, pid, '人事审批');
    await handle(page, pid, '人事审批');
    await approve(page);

    // 已办 holds the steps done; 已发 shows the process finished, its diagram and its steps.
    await openList(page, 'done');
    await rowOf(page, pid).first().waitFor();
    await openList(page, 'send');
    const sent = rowOf(page, pid).first();
    await sent.getByText('已结束').waitFor();
    await sent.getByTestId('wf-view').click();
    const dialog = page.locator('.ant-modal', { hasText: '流程图展示' });
    const viewer = dialog.getByTestId('flow-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    const cls = (id: string) => viewer.locator(`[data-element-id="${id}"]`).first().getAttribute('class');
    expect(await cls('end')).toContain('flow-success');
    expect(await cls('deptLeaderAudit')).toContain('flow-success');
    expect(await cls('hrAudit')).toContain('flow-success');
    expect(await cls('f1')).toContain('flow-warning');
    expect(await cls('modifyApply')).not.toMatch(/flow-/);
    const steps = dialog.getByTestId('flow-steps');
    expect(await steps.locator('[data-activity="deptLeaderAudit"]').count()).toBe(2);
    await steps.getByText('请补充说明').waitFor();
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    // The detail page: the request and the same diagram.
    await sent.getByTestId('work-detail-action').click();
    await page.waitForURL((u) => u.pathname === `/work/process/leave/detail/${pid}/${u.pathname.split('/').pop()}`);
    await page.getByTestId('leave-facts').getByText('e2e 探亲').waitFor();
    await page.context().close();
  });
});
