import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { registerOrphan } from '../support/approve.ts';
import { openBrowser } from '../support/browser.ts';
import { pickOption } from '../support/pickers.ts';
import { waitPath } from '../support/shell.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast, settled } from '../support/waits.ts';

// A demo matter walked as its case workers do it: the window clerk registers an orphan allowance
// application (孤儿基本生活费申领); the township officer claims and accepts it; the county sends it
// back, the township passes it again, recalls it from 已办 and passes it once more; the county
// approves; the township signs the decision at 发放登记 and finishes it, and finds it in 办结.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const row = (page: Page, applyId: string) => page.locator(`tr[data-row-key^="${applyId}-"]`);

/** From 待办: claims the application's task when it is not claimed yet, and opens it. */
async function openTodo(page: Page, applyId: string) {
  await page.goto('/matters/todo');
  const r = row(page, applyId);
  await r.waitFor();
  const claim = r.getByTestId('approve-claim');
  if (await claim.count()) await expectToast(page, '签收成功', () => claim.click());
  await r.getByTestId('approve-handle').and(page.locator(':not([disabled])')).click();
  await page.getByTestId('opinion-bar').waitFor();
}

/** The step's handling form: a result (radio), an opinion (textarea), a date typed and confirmed. */
async function saveStepForm(page: Page, opinion: string) {
  const form = page.getByTestId('step-form');
  await form.getByText('同意', { exact: true }).click();
  await form.locator('textarea').fill(opinion);
  const date = form.locator('.ant-picker input');
  await date.click();
  await date.fill('2026-11-27');
  await date.press('Enter');
  await expectToast(page, '保存成功', () => page.getByTestId('step-form-save').click());
}

/** The form saved at this step before (a step visited again) shows again, and is saved as it is. */
async function resaveStepForm(page: Page, opinion: string) {
  await eventually(() => page.getByTestId('step-form').locator('textarea').inputValue()).toBe(opinion);
  await expectToast(page, '保存成功', () => page.getByTestId('step-form-save').click());
}

/** 申请材料: the handler confirms the materials were checked (the tab's save). */
async function checkMaterials(page: Page) {
  await page.getByRole('tab', { name: '申请材料' }).click();
  await expectToast(page, '已确认材料', () => page.getByTestId('materials-save').click());
}

/** Presses a completing button and confirms the dialog (next users ticked, or the end); back to 待办. */
async function complete(page: Page, action: string) {
  await page.getByTestId(`opinion-btn-${action}`).click();
  await settled(page, '.ant-modal:visible').locator('.ant-modal-content').waitFor();
  await expectToast(page, '办理成功', () => page.getByTestId('opinion-confirm').click());
  await waitPath(page, '/matters/todo');
}

describe('approvals: a demo matter end to end', () => {
  it('registers, accepts, goes back, recalls, approves, signs and finishes 孤儿基本生活费申领', async () => {
    const applyId = await registerOrphan({ child: '张小明', guardian: '张三', address: '某县某镇某村1号' });

    // Both case workers sign in side by side (each in a context of its own).
    const [town, county] = await Promise.all([
      signedInPage(browser, 'town_child', 'town_child', DEMO_TENANT),
      signedInPage(browser, 'county', 'county', DEMO_TENANT),
    ]);

    // 乡镇受理核实: claim, fill the handling form, check the materials, accept.
    await openTodo(town, applyId);
    await saveStepForm(town, '材料齐全');
    await checkMaterials(town);
    await complete(town, 'pass');

    // 县级审批 sends it back to the township with a reason.
    await openTodo(county, applyId);
    await county.getByTestId('opinion-content').fill('请补充入户核实情况');
    await county.getByTestId('opinion-btn-back').click();
    await settled(county, '.ant-modal:visible').locator('.ant-modal-content').waitFor();
    await pickOption(county, county.getByTestId('opinion-target'), { label: '乡镇受理核实' });
    await expectToast(county, '办理成功', () => county.getByTestId('opinion-confirm').click());
    await waitPath(county, '/matters/todo');

    // The township passes it again, recalls it from 已办 before the county opens it, and passes it once more.
    await openTodo(town, applyId);
    await resaveStepForm(town, '材料齐全');
    await checkMaterials(town);
    await complete(town, 'pass');
    await town.getByTestId('approve-tab-done').click();
    await row(town, applyId).getByTestId('approve-recall').click();
    await expectToast(town, '撤回成功', () =>
      settled(town, '.ant-modal:visible').locator('.ant-modal-confirm-btns .ant-btn-primary').click(),
    );
    // The list asks again: the application is back at the township, so nothing is left to recall.
    await row(town, applyId).getByTestId('approve-recall').waitFor({ state: 'detached' });
    await openTodo(town, applyId);
    await resaveStepForm(town, '材料齐全');
    await checkMaterials(town);
    await complete(town, 'pass');

    // 县级审批 approves.
    await openTodo(county, applyId);
    await saveStepForm(county, '符合条件');
    await checkMaterials(county);
    await complete(county, 'pass');
    await county.context().close();

    // 发放登记: generate the decision, sign it on the pad, finish.
    await openTodo(town, applyId);
    await saveStepForm(town, '准予发放');
    await checkMaterials(town);
    await town.getByRole('tab', { name: '电子签章' }).click();
    const generate = town.locator('[data-testid^="sign-generate-"]');
    await expectToast(town, '文件已生成', () => generate.click());
    await town.locator('[data-testid^="sign-sign-"]').click();
    const pad = settled(town, '.ant-modal:visible').getByTestId('signature-canvas');
    await pad.waitFor();
    const box = await pad.boundingBox();
    if (!box) throw new Error('the signature pad is not shown');
    await town.mouse.move(box.x + 40, box.y + 90);
    await town.mouse.down();
    for (let i = 1; i <= 12; i++) await town.mouse.move(box.x + 40 + i * 25, box.y + 90 + (i % 2 ? -30 : 30), { steps: 3 });
    await town.mouse.up();
    await expectToast(town, '签章成功', () => town.getByTestId('signature-confirm').click());
    await eventually(() => town.locator('[data-testid^="sign-progress-"]').innerText()).toBe('已签章 1/1');
    await complete(town, 'pass');

    await town.getByTestId('approve-tab-finish').click();
    await row(town, applyId).waitFor();
    expect(await row(town, applyId).innerText()).toContain('办结（准予）');
    await town.context().close();
  });
});
