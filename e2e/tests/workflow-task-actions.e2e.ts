import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { tenantAdmin, waitPath } from '../support/shell.ts';
import { expectToast } from '../support/waits.ts';

// The hand-over actions on a task being handled, as the demo tenant's administrator: 抄送 to the
// auditor keeps the task; 转办 to the auditor moves it to the auditor's to-do list for good.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

type Page<T> = { records: T[] };
type Task = { taskId: string; processInstanceId: string };

describe('task actions', () => {
  it('抄送 keeps the task; 转办 hands it to the chosen user', async () => {
    const admin = await apiSignIn('admin', 'admin', DEMO_TENANT);
    const auditor = await apiSignIn('auditor', 'auditor', DEMO_TENANT);
    const me = (await api('/api/blade-user/info', { token: admin })).body.data as { id: string };
    const them = (await api('/api/blade-user/info', { token: auditor })).body.data as { realName: string };
    // A leave request naming the administrator as approver, started through the API.
    const defs = (await api('/api/blade-flow/work/start-list', { token: admin, query: { current: '1', size: '10' } })).body.data as Page<{
      id: string;
      key: string;
    }>;
    const leave = defs.records.find((d) => d.key === 'Leave');
    const started = await api('/api/blade-desk/process/leave/start-process', {
      token: admin,
      method: 'POST',
      json: {
        processDefinitionId: leave?.id,
        startTime: '2026-12-07 09:00:00',
        endTime: '2026-12-07 18:00:00',
        reason: 'e2e 转办',
        taskUser: me.id,
      },
    });
    expect(started.status).toBe(200);
    const pid = (started.body.data as { processInstanceId: string }).processInstanceId;
    const todoOf = async (token: string) =>
      (
        (await api('/api/blade-flow/work/todo-list', { token, query: { current: '1', size: '50' } })).body.data as Page<Task>
      ).records.filter((t) => t.processInstanceId === pid);
    await expect.poll(async () => (await todoOf(admin)).length).toBe(1);

    const page = await tenantAdmin(browser);
    await page.goto('/work/todo');
    await page.locator(`tr[data-row-key^="${pid}-"]`).getByTestId('work-handle-action').click();
    await page.getByTestId('leave-facts').getByText('e2e 转办').waitFor();

    const choose = async (testId: string) => {
      await page.getByTestId(testId).click();
      await page.keyboard.type(them.realName);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: them.realName }).first().click();
      await page.getByTestId(testId).locator('.ant-select-selection-item', { hasText: them.realName }).waitFor();
      if (testId.endsWith('users')) await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    // 抄送: the task stays here; the auditor finds the copy.
    await page.getByTestId('task-cc').click();
    await choose('task-action-users');
    await expectToast(page, '抄送成功', () => page.getByTestId('task-action-ok').click());
    expect(new URL(page.url()).pathname).toMatch(/^\/work\/process\/leave\/handle\//);
    const copies = (await api('/api/blade-flow/work/copy-list', { token: auditor, query: { current: '1', size: '50' } })).body
      .data as Page<{
      processInstanceId: string;
    }>;
    expect(copies.records.some((c) => c.processInstanceId === pid)).toBe(true);

    // 转办: the task leaves the administrator's list and is the auditor's.
    await page.getByTestId('task-transfer').click();
    await page.getByTestId('task-action-ok').click();
    await page.getByText('请选择办理人').waitFor();
    await choose('task-action-user');
    await expectToast(page, '已转办', () => page.getByTestId('task-action-ok').click());
    await waitPath(page, '/work/todo');
    expect(await todoOf(admin)).toEqual([]);
    expect(await todoOf(auditor)).toHaveLength(1);
    await page.context().close();
  });
});
