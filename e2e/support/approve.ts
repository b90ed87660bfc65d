import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_TENANT } from './accounts.ts';
import { api, apiSignIn } from './api.ts';
import { pickOption } from './pickers.ts';
import { pathOf, waitPath } from './shell.ts';
import { eventually, expectToast, settled } from './waits.ts';

// What the approval walks share: the case worker's moves on the launch page, in 待办 and on the
// handling page, each waiting on what the screen shows.

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid resident ID number (GB 11643) from its first 17 digits. */
export const idCard = (first17: string) => first17 + '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * W[i], 0) % 11];

/**
 * Registers 孤儿基本生活费申领 through the API as the window clerk (`window`), for a child and
 * guardian of the given names; the application's id. `base`: another server than the shared one.
 */
export async function registerOrphan(p: { child: string; guardian: string; address: string }, base?: string): Promise<string> {
  const token = await apiSignIn('window', 'window', DEMO_TENANT, base);
  const child = idCard('11010120150307123');
  const res = await api('/api/dw-biz-mzapprove/demoApply/doRegister', {
    base,
    method: 'POST',
    token,
    json: {
      itemId: '1901000000000000002',
      submit: true,
      source: '1',
      formData: {
        childName: p.child,
        childIdCard: child,
        guardianName: p.guardian,
        phone: '13800138000',
        householdType: '1',
        address: p.address,
        orphanDate: '2025-06-01',
        familyMembers: 3,
        bankAccount: '622202123456789012',
        reason: '父母双亡，申领基本生活费',
      },
      applicant: { applicantName: p.guardian, applicantIdCard: idCard('11010119900307123'), applicantPhone: '13800138000' },
      members: [{ memberName: p.child, memberIdCard: child, relation: '孙子' }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }).id;
}

/** A small file the storage accepts as a PDF (it checks the leading bytes). */
export const samplePdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
});

/** A row of the approval lists (rows are keyed `<applyId>-<taskId>`). */
export const applyRow = (page: Page, applyId: string) => page.locator(`tr[data-row-key^="${applyId}-"]`);

/** What a field of the matter's application form takes: text typed, a choice picked, boxes ticked. */
export type FormValue = string | { pick: string } | { tick: string[] };

/** Fills the designed form's fields (`pf-<name>`) as a person does. */
export async function fillMatterForm(page: Page, values: Record<string, FormValue>) {
  for (const [name, v] of Object.entries(values)) {
    const field = page.getByTestId(`pf-${name}`);
    if (typeof v === 'string') await field.fill(v);
    else if ('pick' in v) await pickOption(page, field, { label: v.pick });
    else for (const label of v.tick) await field.getByText(label, { exact: true }).click();
  }
}

export type Applicant = { name: string; idCard: string; phone: string; address: string };
export type Member = { name: string; idCard: string };

/**
 * 事项申报 as the window clerk does it: the catalogue, the matter's 申报, the application form, the
 * applicant and family members, 暂存 (which gives the application its id and opens the materials),
 * each material's file, then 申报. Answers the application's id.
 */
export async function launchMatter(
  page: Page,
  o: {
    catalogue: string;
    itemName: string;
    form: Record<string, FormValue>;
    applicant: Applicant;
    members: Member[];
    /** Material ids (mat-int-materials) whose applicant slot gets a file. */
    materials: string[];
  },
): Promise<string> {
  await page.goto('/matters/launch');
  await page.getByTestId('launch-catalogue').getByText(o.catalogue, { exact: true }).click();
  await page.locator('tr', { hasText: o.itemName }).getByTestId('launch-item').click();
  await page.getByTestId('launch-detail').waitFor();
  await page.getByTestId('published-form').waitFor();
  await fillMatterForm(page, o.form);
  await page.getByTestId('launch-applicantName').fill(o.applicant.name);
  await page.getByTestId('launch-applicantIdCard').fill(o.applicant.idCard);
  await page.getByTestId('launch-applicantPhone').fill(o.applicant.phone);
  await page.getByTestId('launch-applicantAddress').fill(o.applicant.address);
  for (const [i, m] of o.members.entries()) {
    await page.getByTestId('launch-member-add').click();
    const row = page.getByTestId('launch-member-row').nth(i);
    await row.getByTestId('launch-member-name').fill(m.name);
    await row.getByTestId('launch-member-idCard').fill(m.idCard);
  }
  await expectToast(page, '暂存成功', () => page.getByTestId('launch-draft').click());
  // The draft keeps its id in the address: /matters/launch/detail/{version}/{name}/{no}/{id}.
  await eventually(() => pathOf(page).split('/').at(-1)).not.toBe('0');
  const applyId = pathOf(page).split('/').at(-1) as string;
  for (const id of o.materials) await uploadMaterial(page, id, `${id}.pdf`);
  await expectToast(page, '申报成功', () => page.getByTestId('launch-register').click());
  await waitPath(page, '/matters/launch');
  return applyId;
}

/** Gives the applicant's slot of a material a file (the materials panel of the page shown); waits until it is received. */
export async function uploadMaterial(page: Page, materialId: string, fileName: string) {
  const row = page.getByTestId('materials-panel').locator(`tr[data-row-key^="${materialId}-"]`).first();
  await row.waitFor();
  await expectToast(page, '材料已上传', () => row.locator('input[type="file"]').setInputFiles(samplePdf(fileName)));
  await row.getByText(fileName, { exact: true }).waitFor();
}

/** From 待办: claims the application's task when it is not claimed yet, and opens the handling page. */
export async function openTodo(page: Page, applyId: string, { handling = true } = {}) {
  await page.goto('/matters/todo');
  const r = applyRow(page, applyId);
  await r.waitFor();
  const claim = r.getByTestId('approve-claim');
  if (await claim.count()) await expectToast(page, '签收成功', () => claim.click());
  await r.getByTestId('approve-handle').and(page.locator(':not([disabled])')).click();
  await page.getByTestId('approve-handle-page').waitFor();
  // A suspended application shows no step buttons until it is resumed.
  if (handling) await page.getByTestId('opinion-bar').waitFor();
}

/** The step's handling form: a result (radio), an opinion (textarea), a date typed and confirmed. */
export async function saveStepForm(page: Page, opinion: string) {
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
export async function resaveStepForm(page: Page, opinion: string) {
  await eventually(() => page.getByTestId('step-form').locator('textarea').inputValue()).toBe(opinion);
  await expectToast(page, '保存成功', () => page.getByTestId('step-form-save').click());
}

/** 申请材料: the handler confirms the materials were checked (the tab's save). */
export async function checkMaterials(page: Page) {
  await page.getByRole('tab', { name: '申请材料' }).click();
  await expectToast(page, '已确认材料', () => page.getByTestId('materials-save').click());
}

/** The confirmation dialog of a step button, once it has finished opening. */
export const openDialog = (page: Page) => settled(page, '.ant-modal:visible');

/**
 * Presses a completing button; the dialog names the next step (or the end) and its users ticked;
 * confirming hands the application on and returns to 待办. Answers what the dialog said.
 */
export async function complete(page: Page, action: string): Promise<string> {
  await page.getByTestId(`opinion-btn-${action}`).click();
  const dialog = openDialog(page).locator('.ant-modal-content');
  await dialog.waitFor();
  const said = await dialog.innerText();
  await expectToast(page, '办理成功', () => page.getByTestId('opinion-confirm').click());
  await waitPath(page, '/matters/todo');
  return said;
}

/** 退回 from the opinion bar: a reason, the visited step to go back to; back to 待办. */
export async function goBack(page: Page, reason: string, toStep: string) {
  await page.getByTestId('opinion-content').fill(reason);
  await page.getByTestId('opinion-btn-back').click();
  await openDialog(page).locator('.ant-modal-content').waitFor();
  await pickOption(page, page.getByTestId('opinion-target'), { label: toStep });
  await expectToast(page, '办理成功', () => page.getByTestId('opinion-confirm').click());
  await waitPath(page, '/matters/todo');
}

/** 撤回 from 已办 while the next step is untouched; the row then offers no recall. */
export async function recallFromDone(page: Page, applyId: string) {
  await page.goto('/matters/done');
  const recall = applyRow(page, applyId).getByTestId('approve-recall');
  await recall.click();
  await expectToast(page, '撤回成功', () => openDialog(page).locator('.ant-modal-confirm-btns .ant-btn-primary').click());
  await recall.waitFor({ state: 'detached' });
}

/** The handling page's header: the application's status as shown. */
export const shownStatus = (page: Page) => page.getByTestId('handle-status').innerText();

/** Draws a signature on the pad of the open signing dialog and confirms it. */
export async function drawSignature(page: Page) {
  const pad = openDialog(page).getByTestId('signature-canvas');
  await pad.waitFor();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not shown');
  await page.mouse.move(box.x + 40, box.y + 90);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 25, box.y + 90 + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
  await expectToast(page, '签章成功', () => page.getByTestId('signature-confirm').click());
}

/** The county's last step: saves its form, checks the materials, passes it; the application shows 办结（准予） in 办结. */
export async function finishAtCounty(county: Page, applyId: string, opinion: string) {
  await openTodo(county, applyId);
  await saveStepForm(county, opinion);
  await checkMaterials(county);
  expect(await complete(county, 'pass')).toContain('下一步为办结');
  await county.getByTestId('approve-tab-finish').click();
  await applyRow(county, applyId).waitFor();
  expect(await applyRow(county, applyId).innerText()).toContain('办结（准予）');
}

/** What the application went through, read back through the API: each opinion's step and action, in order. */
export async function opinionTrail(applyId: string): Promise<[string, string][]> {
  const token = await apiSignIn('county', 'county', DEMO_TENANT);
  const res = await api(`/api/dw-biz-mzapprove/demoOpinion/getOpinionByApplyId?applyId=${applyId}`, { token });
  return (res.body.data as { activityName: string; action: string }[]).map((o) => [o.activityName, o.action]);
}
