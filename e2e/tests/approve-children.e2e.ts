import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import {
  applyRow,
  checkMaterials,
  complete,
  drawSignature,
  finishAtCounty,
  idCard,
  launchMatter,
  openDialog,
  openTodo,
  opinionTrail,
  recallFromDone,
  resaveStepForm,
  saveStepForm,
  shownStatus,
} from '../support/approve.ts';
import { openBrowser } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast } from '../support/waits.ts';

// 困境儿童认定 walked as its case workers do it: the window clerk launches it for a child with the
// guardian as applicant; the township child-welfare officer accepts it, recalls the acceptance from
// 已办 while the home visit is untouched and accepts it again; the village child director visits,
// has the assessment form signed twice on the pad (the step asks for two signatures, and refuses to
// move on with one) and submits it; the township reviews, which puts the application on public notice
// (公示: suspended for 5 working days on entering the step); the township officer ends the notice
// early from the screens, claims the step and finds no objection; the county recognises the child.

/** The matter's steps as the seed names them (the workflow's user tasks). */
const STEP = { accept: '乡镇受理', survey: '入户调查评估', review: '乡镇审核', publicity: '公示', decide: '县级认定' } as const;
const CATALOGUE = '儿童福利';
const ITEM_NAME = '困境儿童认定';
/** Its materials (mat-int-materials ids of the seed). */
const MATERIAL = { application: '1905000000000000031', proof: '1905000000000000033' };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** 电子签章: one signature drawn on the pad; the progress tag then shows it. */
async function signOnce(page: Page, expected: string) {
  await page.locator('[data-testid^="sign-sign-"]').click();
  await drawSignature(page);
  await eventually(() => page.locator('[data-testid^="sign-progress-"]').innerText()).toBe(expected);
  // The pad's dialog has gone before anything else is pressed.
  await eventually(() => page.locator('.ant-modal:visible').count()).toBe(0);
}

describe('approvals: 困境儿童认定 end to end', () => {
  it('launches, accepts, recalls and accepts again, signs the home visit twice, reviews, ends the notice early and recognises', async () => {
    const [window, town, village, county] = await Promise.all([
      signedInPage(browser, 'window', 'window', DEMO_TENANT),
      signedInPage(browser, 'town_child', 'town_child', DEMO_TENANT),
      signedInPage(browser, 'village_child', 'village_child', DEMO_TENANT),
      signedInPage(browser, 'county', 'county', DEMO_TENANT),
    ]);

    // 事项申报 at the window: the child, the guardian as applicant, the child as family member.
    const child = idCard('11010120140505123');
    const guardian = idCard('11010119750505123');
    const applyId = await launchMatter(window, {
      catalogue: CATALOGUE,
      itemName: ITEM_NAME,
      form: {
        childName: '王小花',
        childIdCard: child,
        guardianName: '王五',
        phone: '13800138002',
        householdType: { pick: '本地农业户口' },
        address: '某县某镇某村3号',
        situation: { tick: ['家庭经济困难'] },
        familyMembers: '2',
        familyInfo: '王五，祖父，68岁，务农；王小花，孙女，12岁',
        reason: '父母外出失联，祖父年迈无力抚养',
      },
      applicant: { name: '王五', idCard: guardian, phone: '13800138002', address: '某县某镇某村3号' },
      members: [{ name: '王小花', idCard: child }],
      materials: [MATERIAL.application, MATERIAL.proof],
    });
    await window.context().close();

    // 乡镇受理: accepted, recalled from 已办 before the home visit is touched, accepted again.
    await openTodo(town, applyId);
    await saveStepForm(town, '材料齐全，予以受理');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.survey);
    await recallFromDone(town, applyId);
    await openTodo(town, applyId);
    await resaveStepForm(town, '材料齐全，予以受理');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.survey);

    // 入户调查评估: the assessment form generated and signed; one signature is not enough to submit.
    await openTodo(village, applyId);
    await saveStepForm(village, '入户核实，家庭经济困难属实');
    await checkMaterials(village);
    await village.getByRole('tab', { name: '电子签章' }).click();
    await expectToast(village, '文件已生成', () => village.locator('[data-testid^="sign-generate-"]').click());
    await signOnce(village, '已签章 1/2');
    await village.getByTestId('opinion-btn-pass').click();
    await openDialog(village).locator('.ant-modal-content').waitFor();
    await expectToast(village, '签章未完成，还需签章1次', () => village.getByTestId('opinion-confirm').click());
    await openDialog(village).locator('.ant-modal-close').click();
    await eventually(() => village.locator('.ant-modal:visible').count()).toBe(0);
    await signOnce(village, '已签章 2/2');
    expect(await complete(village, 'pass')).toContain(STEP.review);
    await village.context().close();

    // 乡镇审核 hands it to 公示, which suspends it on entry: 挂起 in 待办, no 签收 (a suspended task
    // cannot be claimed); the officer resumes it early from the handling page, claims it and submits.
    await openTodo(town, applyId);
    await saveStepForm(town, '评估属实，同意上报');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.publicity);
    const row = applyRow(town, applyId);
    await eventually(async () => (await row.innerText()).includes(STEP.publicity)).toBe(true);
    await eventually(() => row.getByTestId('warn-state').innerText()).toBe('挂起');
    expect(await row.getByTestId('approve-claim').count()).toBe(0);
    await openTodo(town, applyId, { handling: false });
    await eventually(() => shownStatus(town)).toBe('已挂起');
    expect(await town.getByTestId('opinion-bar').count()).toBe(0);
    await town.getByTestId('handle-resume').click();
    await expectToast(town, '已恢复，请签收后办理', () => openDialog(town).getByTestId('approve-action-ok').click());
    await town.getByTestId('handle-claim').click();
    await town.getByTestId('opinion-bar').waitFor();
    await eventually(() => shownStatus(town)).toBe('办理中');
    await saveStepForm(town, '公示期内无异议');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.decide);

    // 县级认定 recognises the child: the process ends.
    await finishAtCounty(county, applyId, '认定为困境儿童');

    // What the application went through, read back: the recall, the notice's suspension and early end, the steps in order.
    expect(await opinionTrail(applyId)).toEqual([
      [STEP.accept, 'pass'],
      [STEP.accept, 'recall'],
      [STEP.accept, 'pass'],
      [STEP.survey, 'pass'],
      [STEP.review, 'pass'],
      [STEP.publicity, 'suspend'],
      [STEP.publicity, 'resume'],
      [STEP.publicity, 'pass'],
      [STEP.decide, 'pass'],
    ]);
    await town.context().close();
    await county.context().close();
  }, 300_000);
});
