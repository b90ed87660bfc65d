import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { pickOption } from '../support/pickers.ts';
import { tenantAdmin } from '../support/shell.ts';
import { expectToast } from '../support/waits.ts';

// 模型设计: draw a process in the modeler (Chinese texts, properties panel, lint marks on the
// diagram), save it, deploy it, and find the new definition in 部署管理.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const pad = (page: Page, action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
const shape = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);

describe('process modeler', () => {
  it('draws, lints, saves and deploys a model', async () => {
    const page = await tenantAdmin(browser);
    const key = `e2e_${Date.now().toString(36)}`;
    await page.goto('/flow/model');
    await page.getByTestId('model-create').click();
    await page.waitForURL((u) => u.pathname === '/flow/model/design');
    await expect.poll(() => page.getByTestId('designer').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    // The modeler speaks Chinese.
    await page.locator('.djs-palette .entry[title="创建开始事件"]').waitFor();
    await page.getByTestId('designer-name').fill('e2e 报销');
    await page.getByTestId('designer-key').fill(key);

    // A start event alone: lint refuses the save and marks the diagram.
    await expectToast(page, '请按图中标记修改后再保存', () => page.getByTestId('designer-save').click());
    await page.locator('.bjsl-overlay').first().waitFor();

    // Start → user task (named, assignee in the properties panel) → end.
    await shape(page, 'StartEvent_1').click();
    await pad(page, 'append.append-task').click();
    await page.keyboard.type('经理审批');
    await page
      .locator('.djs-container svg')
      .first()
      .click({ position: { x: 40, y: 400 } });
    const task = page.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first();
    await task.click();
    await pad(page, 'replace').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    const userTask = page.locator('.djs-element.djs-shape[data-element-id^="Activity_"]').first();
    await userTask.click();
    await page.locator('.bio-properties-panel-group-header', { hasText: '办理人' }).first().click();
    await page.locator('#bio-properties-panel-assignee').fill('admin');
    await userTask.click();
    await pad(page, 'append.end-event').click();
    await page
      .locator('.djs-container svg')
      .first()
      .click({ position: { x: 40, y: 400 } });

    const saved = page.waitForResponse((r) => r.url().includes('/blade-flow/model/submit'));
    await expectToast(page, '保存成功', () => page.getByTestId('designer-save').click());
    const model = ((await (await saved).json()).data ?? {}) as { id: string };
    await page.waitForURL((u) => u.pathname === `/flow/model/design/${model.id}`);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const detail = (await api('/api/blade-flow/model/detail', { token, query: { id: model.id } })).body.data as { xml: string };
    expect(detail.xml).toContain(`id="${key}"`);
    expect(detail.xml).toMatch(/<bpmn:userTask[^>]*camunda:assignee="admin"/);
    expect(detail.xml).toContain('经理审批');

    // Deployed under 业务流程, it is a definition in 部署管理.
    await expect.poll(() => page.getByTestId('designer').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await page.getByTestId('designer-deploy').click();
    await pickOption(page, page.getByTestId('model-deploy-category'), { label: '业务流程' });
    await expectToast(page, '部署成功', () => page.getByTestId('model-deploy-ok').click());
    await page.goto('/flow/manager');
    await page.getByTestId('wf-filter-key').fill(key);
    await page.getByTestId('wf-search').click();
    const row = page.getByTestId('flow-manager').locator('tr', { hasText: key });
    await row.locator('.ant-tag', { hasText: '激活' }).waitFor();
    await row.getByTestId('wf-view').click();
    const viewer = page.locator('.ant-modal', { hasText: '流程图展示' }).getByTestId('flow-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await page.context().close();
  });
});
