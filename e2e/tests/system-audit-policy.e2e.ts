import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, dialogErrors, openDialog } from '../support/dialogs.ts';
import { rowById, screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// The operation audit (pass, reject with a reason), the tenant's password policy and the data
// source connection test, as the platform administrator.
const operLog = resourceByName.get('user-oper-log')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('operation audit', () => {
  it('passes one entry and rejects another only with a reason', async () => {
    // Changing a user writes an entry to audit.
    const me = (await apiCall(page, 'GET', '/api/blade-user/info')).body.data;
    for (let i = 0; i < 2; i++) {
      const r = await apiCall(page, 'POST', '/api/blade-user/update-platform', { userId: me.id, userType: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const loaded = listResponse(page, operLog);
    await page.goto('/system/user-oper-log');
    const pending = ((await (await loaded).json()).data.records as { id: string; auditStatus: number }[]).filter(
      (r) => r.auditStatus === 0,
    );
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [a, b] = pending;
    await page.getByTestId(`row-audit-pass-${a.id}`).click();
    await settled(page, '.ant-modal-confirm').waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('confirm-ok').click());
    await rowById(page, operLog, a.id).getByText('审计通过').waitFor();
    expect(await page.getByTestId(`row-audit-pass-${a.id}`).count()).toBe(0);

    await page.getByTestId(`row-audit-reject-${b.id}`).click();
    await settled(page, '.ant-modal-confirm').waitFor();
    await expectToast(page, '请输入驳回原因', () => page.getByTestId('confirm-ok').click());
    await page.getByTestId('audit-reason').fill('不合规');
    await expectToast(page, '操作成功', () => page.getByTestId('confirm-ok').click());
    await rowById(page, operLog, b.id).getByText('审计驳回').waitFor();
    expect(await rowById(page, operLog, b.id).innerText()).toContain('不合规');
  });
});

describe('password policy', () => {
  it('refuses an empty minimum length, then saves the policy the server enforces', async () => {
    await page.goto('/system/pw-strategy');
    await page.getByTestId('pw-strategy-screen').waitFor();
    await page.getByTestId('policy-minLength').waitFor();
    await openDialog(page, page.getByTestId('btn-edit-policy'));
    await dialog(page).getByTestId('field-minLength').fill('');
    await page.getByTestId('dialog-submit').click();
    await eventually(() => dialogErrors(page)).toEqual(['请输入最小长度']);
    await dialog(page).getByTestId('field-minLength').fill('12');
    // Created or updated, depending on whether the tenant had saved one before.
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blade-system/dwSysPwStrategy/cusSubmit');
    await page.getByTestId('dialog-submit').click();
    expect((await saved).status()).toBe(200);
    await dialog(page).waitFor({ state: 'hidden' });
    await eventually(() => page.getByTestId('policy-minLength').innerText()).toBe('12');
    expect((await apiCall(page, 'GET', '/api/blade-system/dwSysPwStrategy/getStrategy')).body.data.minLength).toBe(12);
    // Put it back for the other tests' passwords.
    await apiCall(page, 'POST', '/api/blade-system/dwSysPwStrategy/cusSubmit', { minLength: 8 });
  });
});

describe('data source test', () => {
  it('refuses to connect to a host not allow-listed, saying why', async () => {
    const ds = resourceByName.get('datasource')!;
    const created = await apiCall(page, 'POST', `${ds.api}/submit`, {
      name: `ds${uniq()}`,
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://203.0.113.9:5432/x',
      username: 'u',
      password: 'p',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const loaded = listResponse(page, ds);
    await page.goto('/system/datasource');
    await loaded;
    await screen(page, ds).waitFor();
    const tested = page.waitForResponse((r) => new URL(r.url()).pathname === `${ds.api}/test`);
    await page.getByTestId(`row-test-${created.body.data.id}`).click();
    expect((await tested).status()).not.toBe(200);
    await page.locator('.ant-message-notice').first().waitFor();
  });
});
