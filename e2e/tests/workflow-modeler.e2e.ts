import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { pickOption } from '../support/pickers.ts';
import { tenantAdmin } from '../support/shell.ts';
import { expectToast } from '../support/waits.ts';

// 模型设计: draw in the modeler (Chinese texts, lint marks on the diagram, a user task through the
// context pad's replace menu and its assignee in the properties panel), save it, deploy it, find the
// new definition in 部署管理, and import a process file (its assignment in the properties panel).

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const pad = (page: Page, action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
const shape = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);

/** Start → 经理审批 (assignee admin) → end, as a BPMN file drawn elsewhere. */
const approvalXml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="approval" isExecutable="true">
    <bpmn:startEvent id="start" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="approve" name="经理审批" camunda:assignee="admin"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="approval">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="340" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="340" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** Clicks the middle of a diagram element (an SVG group, which Playwright's checks may not call stable). */
async function clickShape(page: Page, element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not on the canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('process modeler', () => {
  it('draws, lints, saves and deploys a model', async () => {
    const page = await tenantAdmin(browser);
    const key = `e2e_${Date.now().toString(36)}`;
    await page.goto('/flow/model');
    await page.getByTestId('model-create').click();
    await page.waitForURL((u) => u.pathname === '/flow/model/design');
    await expect.poll(() => page.getByTestId('designer').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    // The modeler speaks Chinese.
    await page.locator('.djs-palette .entry[aria-label="创建开始事件"]').waitFor();
    await page.getByTestId('designer-name').fill('e2e 报销');
    await page.getByTestId('designer-key').fill(key);

    // A start event alone: lint refuses the save and marks the diagram.
    await expectToast(page, '请按图中标记修改后再保存', () => page.getByTestId('designer-save').click());
    await page.locator('.bjsl-overlay').first().waitFor();

    // Drawing: a task appended to the start event, named on the canvas. The new task comes out
    // selected with its context pad open (clicking it now would deselect it and close the pad).
    await clickShape(page, shape(page, 'StartEvent_1'));
    await pad(page, 'append.append-task').click();
    await page.keyboard.type('经理审批');
    await page.keyboard.press('Enter');
    const task = page.locator('.djs-element.djs-shape[data-element-id^="Activity_"]', { hasText: '经理审批' });
    await task.waitFor();
    // 更改元素 → 用户任务, its assignee set in the properties panel.
    await pad(page, 'replace').click();
    await page.locator('.djs-popup .entry[data-id="replace-with-user-task"]', { hasText: '用户任务' }).click();
    await page.locator('.bio-properties-panel-group-header', { hasText: '办理人' }).first().click();
    await page.locator('#bio-properties-panel-assignee').fill('admin');
    // The user task (still selected) gets an end event, and lint lets the model be saved.
    // The pad is clicked straight from the field: leaving the field commits it and redraws the pad
    // between press and release, and the click must still count.
    await pad(page, 'append.end-event').click();
    await page.locator('.djs-element.djs-shape[data-element-id^="Event_"]').waitFor();

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

    // A process file imported replaces the drawing: its user task shows its assignment (once the
    // deploy dialog is gone and the imported diagram fits the view, a click selects the task).
    await page.getByTestId('model-deploy-ok').waitFor({ state: 'hidden' });
    await page.locator('[data-testid="model-designer"] input[type="file"]').setInputFiles({
      name: 'approval.bpmn',
      mimeType: 'application/xml',
      buffer: Buffer.from(approvalXml),
    });
    const selected = () => shape(page, 'approve').evaluate((e) => e.classList.contains('selected'));
    const select = async () => {
      if (!(await selected())) await clickShape(page, shape(page, 'approve'));
      return selected();
    };
    await expect.poll(select, { timeout: 10_000 }).toBe(true);
    await page.locator('.bio-properties-panel-group-header', { hasText: '办理人' }).first().click();
    await expect.poll(() => page.locator('#bio-properties-panel-assignee').inputValue()).toBe('admin');

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
