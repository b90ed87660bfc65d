import { matIntElement, matWfVersion } from '@civdesk/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, dialogErrors, openDialog } from '../support/dialogs.ts';
import { cellText, rowById } from '../support/list-screen.ts';
import { pickOption } from '../support/pickers.ts';
import { apiCall, createRow, rowsOf } from '../support/rows.ts';
import { tenantAdmin } from '../support/shell.ts';
import { uniq } from '../support/values.ts';
import { expectToast, writeResponse } from '../support/waits.ts';

// The versions screen (its rows are made here rather than by the generic screen walk: a matter has
// one version per date, so rows on the seeded matters collide) and the step editor of a matter's workflow version (流程版本 → 环节配置): the diagram marks the
// applicant's step the seed leaves unconfigured; clicking it opens its panel, saving is refused
// while required parts are missing, and once saved (with a transactor) the marker goes away.

const VERSION = '1903000000000000003'; // 困境儿童认定 V1

/**
 * The version to edit: the seeded one, or, once applications use it (the approval walks register
 * on it, and a used version is not edited), its copy starting in 2099, which carries its steps,
 * transactors and conditions and leaves the seeded one enabled today.
 */
async function editable(page: Page, id: string): Promise<string> {
  const note = (await apiCall(page, 'GET', `/api/dw-matter/matWfVersion/detail?id=${id}`)).body.data.note;
  const same = await apiCall(page, 'POST', '/api/dw-matter/matWfVersion/submit', { id, note });
  if (same.status === 200) return id;
  expect(same.body.msg).toBe('该版本已有办件使用，不能修改，请保存为新版本');
  const copy = await apiCall(page, 'POST', '/api/dw-matter/matWfVersion/cusSave', { id, startTime: '2099-01-01', note });
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  return String(copy.body.data.id);
}

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const shape = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);
const classOf = async (l: Locator) => (await l.getAttribute('class')) ?? '';

/** Clicks the middle of a diagram element (an SVG group, which Playwright's checks may not call stable). */
async function clickShape(page: Page, element: Locator) {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not on the canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('matter workflow step editor', () => {
  it('configures an unconfigured step on the diagram and the marker goes away', async () => {
    const page = await tenantAdmin(browser);
    await page.goto(matWfVersion.menu ? matWfVersion.menu.path : '/');
    const version = await editable(page, VERSION);
    await page.reload();
    const row = rowById(page, matWfVersion, version);
    await row.waitFor();
    await row.getByText('环节配置').click();
    const editor = page.getByTestId('step-editor');
    await editor.waitFor();
    await expect.poll(() => page.getByTestId('flow-viewer').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    const apply = shape(page, 'apply');
    await expect.poll(() => classOf(apply)).toContain('matter-unconfigured');
    expect(await classOf(shape(page, 'accept'))).not.toContain('matter-');
    expect(await editor.getAttribute('data-pending')).toBe('1');

    await clickShape(page, apply);
    const panel = page.getByTestId('step-panel');
    await expect.poll(() => panel.getAttribute('data-step')).toBe('apply');
    await page.getByTestId('step-edit').click();
    await dialog(page).waitFor();
    // Saving with the required parts missing is refused with their messages.
    await page.getByTestId('dialog-submit').click();
    await expect.poll(() => dialogErrors(page)).toEqual(expect.arrayContaining(['请选择PC管理端表单', '请选择办理窗口页面配置']));
    await dialog(page).getByTestId('field-basicForm').fill('1902000000000000013');
    await dialog(page).getByTestId('field-handleFromSetting').fill('apply,materials');
    await dialog(page).getByTestId('field-timeLimitWarning').fill('1');
    await dialog(page).getByTestId('field-timeLimitUserTask').fill('2');
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    await dialog(page).waitFor({ state: 'hidden' });
    // Saved: no longer unconfigured, but still without a transactor.
    await expect.poll(() => classOf(apply)).not.toContain('matter-unconfigured');
    expect(await classOf(apply)).toContain('matter-incomplete');

    await panel.getByRole('tab', { name: '办理人' }).click();
    const transactors = page.getByTestId('step-transactors');
    await transactors.getByTestId('btn-add').click();
    await dialog(page).waitFor();
    // The transactor is chosen by name among the roles (the type defaults to 角色).
    await pickOption(page, dialog(page).getByTestId('field-transactorInfo'), { label: '个案工作者' });
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    await expect.poll(() => classOf(apply)).not.toContain('matter-');
    await expect.poll(() => editor.getAttribute('data-pending')).toBe('0');

    // The transactor: edit, view, delete (the step is then incomplete again).
    const tid = await transactors.locator('tr.ant-table-row').first().getAttribute('data-row-key');
    await transactors.getByTestId(`row-edit-${tid}`).click();
    await dialog(page).waitFor();
    await pickOption(page, dialog(page).getByTestId('field-transactorInfo'), { label: '审核员' });
    await expectToast(page, '更新成功', () => page.getByTestId('dialog-submit').click());
    await dialog(page).waitFor({ state: 'hidden' });
    await transactors.getByTestId(`row-view-${tid}`).click();
    await dialog(page).waitFor();
    await expect.poll(() => dialog(page).getByTestId('field-transactorInfo').innerText()).toContain('审核员');
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await transactors.getByTestId(`row-delete-${tid}`).click();
    await confirmDelete(page);
    await expect.poll(() => transactors.locator('tr.ant-table-row').count()).toBe(0);

    // Put the demo back as the seed left it (other browser tests use the unconfigured step).
    const steps = await apiCall(page, 'GET', `/api/dw-matter/matWfElement/getVersionElements?versionId=${version}`);
    const id = steps.body.data.steps.find((s: { userTaskId: string }) => s.userTaskId === 'apply').elementId;
    expect((await apiCall(page, 'POST', `/api/dw-matter/matWfElement/remove?ids=${id}`)).status).toBe(200);
    await page.close();
  });

  it('adds a gateway condition on a step: a bad expression is refused naming the flow, then saved and removed', async () => {
    const page = await tenantAdmin(browser);
    await page.goto(matWfVersion.menu ? matWfVersion.menu.path : '/');
    const version = await editable(page, '1903000000000000001'); // 临时救助申请 V1
    await page.reload();
    const row = rowById(page, matWfVersion, version);
    await row.waitFor();
    await row.getByText('环节配置').click();
    await expect.poll(() => page.getByTestId('flow-viewer').getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await clickShape(page, shape(page, 'investigate'));
    const panel = page.getByTestId('step-panel');
    await expect.poll(() => panel.getAttribute('data-step')).toBe('investigate');
    await panel.getByRole('tab', { name: '网关条件' }).click();
    const conditions = page.getByTestId('step-conditions');
    await expect.poll(() => conditions.locator('tr.ant-table-row').count()).toBe(1); // the seeded flow_county
    await conditions.getByTestId('btn-add').click();
    await dialog(page).waitFor();
    await dialog(page).getByTestId('field-sequenceFlowId').fill('flow_town');
    await dialog(page).getByTestId('field-gatewayConditionInfo').fill(['$', '{amount >}'].join(''));
    await page.getByTestId('dialog-submit').click();
    await page.locator('.ant-message-notice', { hasText: '连线flow_town的条件表达式有误' }).first().waitFor();
    await dialog(page).getByTestId('field-gatewayConditionInfo').fill(['$', '{amount <= 1000}'].join(''));
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => conditions.locator('tr.ant-table-row').count()).toBe(2);
    const added = conditions.locator('tr.ant-table-row', { hasText: 'flow_town' });
    const cid = await added.getAttribute('data-row-key');
    await conditions.getByTestId(`row-delete-${cid}`).click();
    await confirmDelete(page);
    await expect.poll(() => conditions.locator('tr.ant-table-row').count()).toBe(1);
    await page.close();
  });

  it('adds a version of a new matter through the dialog, refuses an overlapping one, then deletes it', async () => {
    const page = await tenantAdmin(browser);
    await page.goto('/wel/index');
    const itemName = `E2E事项${uniq()}`;
    const itemId = await createRow(page, matIntElement, { itemName });
    await page.goto(matWfVersion.menu ? matWfVersion.menu.path : '/');
    /** Adds a version of the new matter from 2026-01-01 through the dialog; resolves to the submit's answer. */
    const addVersion = async (versionCode: string) => {
      await openDialog(page, page.getByTestId('btn-add'));
      const item = dialog(page).getByTestId('field-itemId');
      await item.click();
      await page.keyboard.type(itemName);
      await pickOption(page, item, { label: itemName });
      await pickOption(page, dialog(page).getByTestId('field-flowDefId'));
      await dialog(page).getByTestId('field-versionCode').fill(versionCode);
      const start = dialog(page).getByTestId('field-startTime');
      await start.click();
      await start.fill('2026-01-01');
      await start.press('Enter');
      const saved = writeResponse(page, matWfVersion, 'submit');
      await page.getByTestId('dialog-submit').click();
      return (await saved).json();
    };
    let id = '';
    await expectToast(page, '新增成功', async () => {
      id = (await addVersion('V1')).data.id;
    });
    await dialog(page).waitFor({ state: 'hidden' });
    const row = rowById(page, matWfVersion, id);
    expect(await cellText(page, matWfVersion, row, '事项')).toBe(itemName);
    expect(await cellText(page, matWfVersion, row, '开始日期')).toBe('2026-01-01');

    // The same matter from the same date: refused under the start date, nothing added.
    expect((await addVersion('V2')).success).toBe(false);
    await expect.poll(() => dialogErrors(page)).toEqual(['该事项在2026-01-01至长期已有启用的版本V1，日期范围不能重叠']);
    await page.getByTestId('dialog-cancel').click();
    const listed = await apiCall(page, 'GET', `${matWfVersion.api}/list?itemId_equal=${itemId}`);
    expect(rowsOf(listed.body.data).map((v) => v.id)).toEqual([id]);

    await page.getByTestId(`row-delete-${id}`).click();
    await confirmDelete(page);
    await row.waitFor({ state: 'detached' });
    await page.close();
  });
});
