import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { openDialog } from '../support/dialogs.ts';
import { apiCall, createRow } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast, listResponse } from '../support/waits.ts';

// Third-party applications: the roles that may use one, and its icon upload, as the platform
// administrator.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('third-party app roles', () => {
  it('binds roles to an app and shows them when opened again', async () => {
    const app = resourceByName.get('third-app')!;
    const id = await createRow(page, app);
    const loaded = listResponse(page, app);
    await page.goto('/system/third-app');
    await loaded;
    await page.getByTestId(`row-bind-${id}`).click();
    const bind = page.getByTestId('third-app-bind-dialog');
    const admin = bind.locator('.ant-tree-treenode', { hasText: '超级管理员' }).locator('.ant-tree-checkbox');
    await admin.waitFor();
    await page.getByTestId('dialog-submit').click();
    await bind.getByRole('alert').waitFor(); // at least one role
    await admin.click();
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());
    const bound = (await apiCall(page, 'GET', `/api/dw-third-app/dwThirdAppPermission/getListByApp?appId=${id}`)).body.data;
    expect(bound.map((b: { roleName: string }) => b.roleName)).toEqual(['超级管理员']);
    await page.getByTestId(`row-bind-${id}`).click();
    await eventually(async () => (await admin.getAttribute('class')) ?? '').toBe('ant-tree-checkbox ant-tree-checkbox-checked');
  });
});

describe('third-party app icon', () => {
  // The smallest valid PNG (1×1): the server checks the file's first bytes as well as its name.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it('uploads a png into the icon field, refuses a gif with the tip, and the link serves the image', async () => {
    const loaded = listResponse(page, resourceByName.get('third-app')!);
    await page.goto('/system/third-app');
    await loaded;
    const form = await openDialog(page, page.getByTestId('btn-add'));
    const file = form.locator('input[type="file"]');
    await expectToast(page, '只能上传jpg/png图片，且不超过5M', () =>
      file.setInputFiles({ name: 'icon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }),
    );
    expect(await page.getByTestId('field-appImg').inputValue()).toBe('');
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/oss/endpoint/put-file'));
    await file.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    await eventually(async () => page.getByTestId('field-appImg').inputValue()).not.toBe('');
    const link = await page.getByTestId('field-appImg').inputValue();
    const served = await page.evaluate(async (url) => {
      const r = await fetch(url); // the session cookie signs the request in, as an <img> would
      return { status: r.status, type: r.headers.get('content-type') };
    }, link);
    expect(served).toEqual({ status: 200, type: 'image/png' });
    await page.getByTestId('dialog-cancel').click();
  });
});
