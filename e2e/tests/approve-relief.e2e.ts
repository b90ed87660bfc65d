import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import {
  applyRow,
  checkMaterials,
  complete,
  finishAtCounty,
  goBack,
  idCard,
  launchMatter,
  openDialog,
  openTodo,
  opinionTrail,
  resaveStepForm,
  saveStepForm,
  shownStatus,
  uploadMaterial,
} from '../support/approve.ts';
import { openBrowser } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast } from '../support/waits.ts';

// 临时救助申请 walked as its case workers do it: the window clerk launches it with the applicant, a
// family member and materials; the township social-assistance officer asks for a supplement at
// acceptance (the clock stops), takes the applicant's supplement and resumes, accepts and
// investigates; the requested amount (over 1000) sends it to the county, which sends it back to
// the investigation once, then approves it.

/** The matter's steps as the seed names them (the workflow's user tasks). */
const STEP = { accept: '乡镇受理', investigate: '调查核实', county: '县级审批' } as const;
const CATALOGUE = '社会救助';
const ITEM_NAME = '临时救助申请';
/** Its materials (mat-int-materials ids of the seed). */
const MATERIAL = { application: '1905000000000000011', hardship: '1905000000000000014', lowIncome: '1905000000000000015' };

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('approvals: 临时救助申请 end to end', () => {
  it('launches with a family member and materials, waits for a supplement, goes to the county by amount, goes back and is approved', async () => {
    const [window, town, county] = await Promise.all([
      signedInPage(browser, 'window', 'window', DEMO_TENANT),
      signedInPage(browser, 'town_assist', 'town_assist', DEMO_TENANT),
      signedInPage(browser, 'county', 'county', DEMO_TENANT),
    ]);

    // 事项申报 at the window: the form, the applicant, a family member, two materials, 申报.
    const applyId = await launchMatter(window, {
      catalogue: CATALOGUE,
      itemName: ITEM_NAME,
      form: {
        applicantName: '李四',
        idCard: idCard('11010119800101123'),
        phone: '13800138001',
        householdType: { pick: '本地农业户口' },
        address: '某县某镇某村2号',
        reliefReason: { pick: '突发重大疾病' },
        amountRequested: '3000',
        familyMembers: '2',
        familyInfo: '李小四，儿子，10岁，无收入',
        reason: '突发重大疾病，医疗支出超出家庭承受能力',
      },
      applicant: { name: '李四', idCard: idCard('11010119800101123'), phone: '13800138001', address: '某县某镇某村2号' },
      members: [{ name: '李小四', idCard: idCard('11010120160202123') }],
      materials: [MATERIAL.application, MATERIAL.hardship],
    });
    await window.context().close();

    // 乡镇受理: the materials arrived; a supplement is asked for before acceptance.
    await openTodo(town, applyId);
    await town.getByRole('tab', { name: '申请材料' }).click();
    await town.getByText(`${MATERIAL.application}.pdf`, { exact: true }).waitFor();
    await town.getByTestId('opinion-content').fill('请补正：低保或特困证明');
    await town.getByTestId('opinion-btn-supplement').click();
    await openDialog(town).locator('.ant-modal-content').waitFor();
    await expectToast(town, '办理成功', () => town.getByTestId('opinion-confirm').click());
    await eventually(() => applyRow(town, applyId).getByTestId('warn-state').innerText()).toBe('挂起');

    // The applicant brings the missing proof: the officer files it and resumes; the clock runs again.
    await openTodo(town, applyId, { handling: false });
    await eventually(() => shownStatus(town)).toBe('待补正');
    expect(await town.getByTestId('opinion-bar').count()).toBe(0);
    await town.getByRole('tab', { name: '申请材料' }).click();
    await uploadMaterial(town, MATERIAL.lowIncome, '低保证明.pdf');
    await town.getByTestId('action-resume').click();
    await openDialog(town).locator('.ant-modal-content').waitFor();
    await expectToast(town, '办理成功', () => town.getByTestId('approve-action-ok').click());
    await eventually(() => shownStatus(town)).toBe('待受理');
    await town.getByTestId('opinion-bar').waitFor();

    // Accepted, then investigated: the requested 3000 goes to the county.
    await town.getByRole('tab', { name: '办理表单' }).click();
    await saveStepForm(town, '材料已补齐');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.investigate);
    await openTodo(town, applyId);
    await saveStepForm(town, '经入户核实，情况属实');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.county);

    // 县级审批 sends it back to the investigation; the township passes it again.
    await openTodo(county, applyId);
    await goBack(county, '请补充医疗费用票据核实情况', STEP.investigate);
    await openTodo(town, applyId);
    await resaveStepForm(town, '经入户核实，情况属实');
    await checkMaterials(town);
    expect(await complete(town, 'pass')).toContain(STEP.county);

    // 县级审批 approves: the process ends.
    await finishAtCounty(county, applyId, '符合临时救助条件');

    // What the application went through, read back: the supplement and its resume, the go-back.
    expect(await opinionTrail(applyId)).toEqual([
      [STEP.accept, 'supplement'],
      [STEP.accept, 'resume'],
      [STEP.accept, 'pass'],
      [STEP.investigate, 'pass'],
      [STEP.county, 'back'],
      [STEP.investigate, 'pass'],
      [STEP.county, 'pass'],
    ]);
    await town.context().close();
    await county.context().close();
  }, 300_000);
});
