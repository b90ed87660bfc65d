import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete } from '../support/dialogs.ts';
import { addRow } from '../support/forms.ts';
import { openFromMenu, rowById, searchBy } from '../support/list-screen.ts';
import { signedInPage } from '../support/sign-in.ts';
import type { FieldRef } from '../support/values.ts';
import { expectToast } from '../support/waits.ts';

// The forms room's screens: a directory and a form added through their lists, then the form
// designed by dragging inputs from the palette, its rules set, previewed and published.
const formType = resourceByName.get('mat-int-form-type')!;
const form = resourceByName.get('mat-int-form')!;
const byName: FieldRef = { key: 'formName', f: form.fields.formName, kind: 'text' };

let browser: Browser;
let page: Page;
let formId = '';
const formName = `E2E申请表${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

const prop = (key: string) => page.getByTestId(`prop-${key}`);

/** Drags a palette input onto the canvas (or onto a row of it) and names it. */
async function dragField(kind: string, label: string, name: string, onto?: string) {
  const target = onto ? page.getByTestId(`canvas-${onto}`) : page.getByTestId('designer-canvas');
  await page.getByTestId(`palette-${kind}`).dragTo(target);
  await prop('fieldLabel').fill(label);
  await prop('fieldName').fill(name);
  await page.getByTestId(`canvas-${name}`).waitFor();
}

describe('forms', () => {
  it('adds a directory and a form through their lists, and finds the form by name', async () => {
    await openFromMenu(page, formType);
    await addRow(page, formType, { typeName: 'E2E表单目录' });
    await openFromMenu(page, form);
    const added = await addRow(page, form, { formName, formUrl: '/forms/e2e' });
    formId = added.id;
    await searchBy(page, form, byName, formName);
    await rowById(page, form, formId).waitFor();
  });

  it('designs the form by dragging inputs, previews it, and the preview refuses an empty required field', async () => {
    await page.getByTestId('menu-mat_form_designer').click();
    const picker = page.getByTestId('designer-form');
    await picker.click();
    await page.keyboard.type(formName);
    await page.keyboard.press('Enter');
    await page.getByText('将左侧控件拖到这里').waitFor();

    await dragField('group', '申请人信息', 'applicant');
    await dragField('text', '申请人姓名', 'applicantName', 'applicant');
    await prop('isRequired').click();
    await prop('fieldLength').fill('20');
    await dragField('idCard', '身份证号', 'idCard', 'applicant');
    await dragField('number', '家庭人口数', 'familyMembers', 'applicant');
    await prop('pattern').fill('^[1-9]\\d?$');
    await prop('patternMessage').fill('家庭人口数应为1到99的整数');

    const preview = page.getByTestId('designer-preview');
    await preview.getByText('申请人信息').waitFor();
    await page.getByTestId('preview-check').click();
    await preview.getByText('请输入申请人姓名').waitFor();
    await preview.getByTestId('pf-familyMembers').fill('0');
    await preview.getByText('家庭人口数应为1到99的整数').waitFor();
    await preview.getByTestId('pf-idCard').fill('110105194912310021');
    await preview.getByText('请输入正确的身份证号').waitFor();
  });

  it('publishes the design as version 1, which the server validates with the same rules', async () => {
    await expectToast(page, '已发布第1版', () => page.getByTestId('designer-publish').click());
    await page.getByTestId('designer-status').getByText('已发布 v1').waitFor();
    const token = await apiSignIn(PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
    const v = await api('/api/dw-matter/matIntForm/versionDetail', { token, query: { formId } });
    const schema = (v.body.data as { schema: { groups: unknown[]; fields: { name: string; group?: string; required: boolean }[] } }).schema;
    expect(schema.groups).toEqual([{ name: 'applicant', label: '申请人信息' }]);
    expect(schema.fields.map((f) => [f.name, f.group, f.required])).toEqual([
      ['applicantName', 'applicant', true],
      ['idCard', 'applicant', false],
      ['familyMembers', 'applicant', false],
    ]);
    const refused = await api('/api/dw-matter/matIntForm/validateData', {
      method: 'POST',
      token,
      json: { formId, data: { familyMembers: '5' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请输入申请人姓名');
  });

  it('refuses to delete the published form, with the reason', async () => {
    // The list's tab is still open (kept alive) with the search for this form.
    await page.getByTestId(`menu-${form.name}`).click();
    const row = rowById(page, form, formId);
    await row.waitFor();
    await expectToast(page, '已发布，请先取消发布再删除', async () => {
      await page.getByTestId(`row-delete-${formId}`).click();
      await confirmDelete(page);
    });
    await row.waitFor();
  });
});
