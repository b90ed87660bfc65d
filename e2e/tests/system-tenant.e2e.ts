import { resourceByName } from '@civdesk/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { cellText, rowById, showRows } from '../support/list-screen.ts';
import { apiCall, createRow } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// The tenant screen's own calls, as the platform administrator: authorisation of the selected
// tenants (`tenant/setting`), a tenant's data source and product package (`tenant/datasource`,
// `tenant/package`). Every value is read back through the API.
const tenant = resourceByName.get('tenant')!;
const datasource = resourceByName.get('datasource')!;
const tenantPackage = resourceByName.get('tenant-package')!;

let browser: Browser;
let page: Page;
let id = '';
let dsId = '';
let dsName = '';
let pkgId = '';
let pkgName = '';

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
  const code = `t${uniq()}`.slice(0, 12);
  const created = await apiCall(page, 'POST', `${tenant.api}/submit`, { tenantId: code, tenantName: `租户${code}`, linkman: '测试' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  id = String(created.body.data.id);
  dsName = `源${uniq()}`;
  dsId = await createRow(page, datasource, { name: dsName });
  pkgName = `包${uniq()}`;
  pkgId = await createRow(page, tenantPackage, { packageName: pkgName });
});

afterAll(async () => {
  if (page) {
    if (id) await apiCall(page, 'POST', `${tenant.api}/remove?ids=${id}`);
    if (dsId) await apiCall(page, 'POST', `${datasource.api}/remove?ids=${dsId}`);
    if (pkgId) await apiCall(page, 'POST', `${tenantPackage.api}/remove?ids=${pkgId}`);
  }
  await browser?.close();
});

const detail = async () => {
  const res = await apiCall(page, 'GET', `${tenant.api}/detail?id=${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown>;
};

/** The tenant screen with the test's tenant shown. */
async function openScreen() {
  const loaded = listResponse(page, tenant);
  await page.goto('/system/tenant');
  await loaded;
  await showRows(page, tenant, [id]);
}

async function openModal(trigger: Locator, testId: string): Promise<Locator> {
  await trigger.click();
  const d = page.getByTestId(testId);
  await settled(d, '.ant-modal').waitFor();
  return d;
}

/** Opens 授权配置 over the test's tenant alone. */
async function openSetting(): Promise<Locator> {
  await openScreen();
  await rowById(page, tenant, id).locator('.ant-checkbox-input').check();
  const d = await openModal(page.getByTestId('btn-setting'), 'tenant-setting-dialog');
  await d.getByTestId('field-accountNumber').waitFor();
  return d;
}

async function typeExpiry(d: Locator, value: string) {
  const input = d.getByTestId('field-expireTime');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Counts the `tenant/setting` calls the page makes from now on. */
function countSettingCalls() {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `${tenant.api}/setting`) seen.n++;
  });
  return seen;
}

describe('tenant authorisation (授权配置)', () => {
  it('needs a selection', async () => {
    await openScreen();
    await expectToast(page, '请选择', () => page.getByTestId('btn-setting').click());
    expect(await page.getByTestId('tenant-setting-dialog').count()).toBe(0);
  });

  it('sets the account quota and the expiry of the selected tenant; the list reloads', async () => {
    expect(await detail()).toMatchObject({ accountNumber: -1 });
    const d = await openSetting();
    // A new tenant starts unlimited and without expiry.
    expect(await d.getByTestId('field-accountNumber').inputValue()).toBe('-1');
    expect(await d.getByTestId('field-expireTime').inputValue()).toBe('');
    await d.getByTestId('field-accountNumber').fill('25');
    await typeExpiry(d, '2031-05-06 07:08:09');
    const reloaded = listResponse(page, tenant);
    await expectToast(page, '操作成功', () => d.getByTestId('dialog-submit').click());
    await reloaded;
    expect(await detail()).toMatchObject({ accountNumber: 25, expireTime: '2031-05-06 07:08:09' });
    await d.waitFor({ state: 'detached' });
    await rowById(page, tenant, id).waitFor();
    expect(await cellText(page, tenant, rowById(page, tenant, id), '账号额度')).toBe('25');
  });

  it('refuses an invalid quota with a clear message and changes nothing', async () => {
    const d = await openSetting();
    // One tenant selected: the dialog starts with its values.
    expect(await d.getByTestId('field-accountNumber').inputValue()).toBe('25');
    expect(await d.getByTestId('field-expireTime').inputValue()).toBe('2031-05-06 07:08:09');
    const calls = countSettingCalls();
    for (const bad of ['-5', '1.5', '1000001']) {
      await d.getByTestId('field-accountNumber').fill(bad);
      await d.getByTestId('dialog-submit').click();
      await d.locator('.ant-form-item-explain-error', { hasText: '账号额度应为 -1（不限）或 0 到 1000000 的整数' }).waitFor();
    }
    await d.getByTestId('field-accountNumber').fill('');
    await d.getByTestId('dialog-submit').click();
    await d.locator('.ant-form-item-explain-error', { hasText: '请输入账号额度' }).waitFor();
    expect(calls.n).toBe(0);
    expect(await d.isVisible()).toBe(true);
    await d.locator('.ant-modal-close').click();
    await d.waitFor({ state: 'detached' });
    expect(await detail()).toMatchObject({ accountNumber: 25, expireTime: '2031-05-06 07:08:09' });
  });

  it('sets unlimited and clears the expiry', async () => {
    const d = await openSetting();
    await d.getByTestId('field-accountNumber').fill('-1');
    const picker = d.locator('.ant-picker');
    await picker.hover();
    await picker.locator('.ant-picker-clear').click();
    await eventually(() => d.getByTestId('field-expireTime').inputValue()).toBe('');
    await expectToast(page, '操作成功', () => d.getByTestId('dialog-submit').click());
    const after = await detail();
    expect(after.accountNumber).toBe(-1);
    expect(after.expireTime ?? null).toBeNull();
  });
});

/** Picks the option labelled `label` in a searchable select of dialog `d` (typed, so a long list does not hide it). */
async function choose(d: Locator, testId: string, label: string) {
  const select = d.getByTestId(testId);
  await select.click();
  await page.keyboard.type(label);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .and(page.locator(`[title="${label}"]`))
    .click();
  await eventually(() => select.locator('.ant-select-selection-item').innerText()).toBe(label);
}

async function clear(d: Locator, testId: string) {
  const select = d.getByTestId(testId);
  await select.hover();
  await select.locator('.ant-select-clear').click();
  await eventually(() => select.locator('.ant-select-selection-item').count()).toBe(0);
}

describe.each([
  { kind: 'datasource', field: 'datasourceId', title: '数据源配置', target: () => [dsId, dsName] },
  { kind: 'package', field: 'packageId', title: '产品包配置', target: () => [pkgId, pkgName] },
])('$title', ({ kind, field, target }) => {
  const open = async () => {
    await openScreen();
    const d = await openModal(page.getByTestId(`row-${kind}-${id}`), `tenant-${kind}-dialog`);
    await d.getByTestId(`field-${field}`).waitFor();
    return d;
  };

  it('binds the chosen one, shows it when reopened, and clears it', async () => {
    const [targetId, name] = target();
    expect((await detail())[field] ?? null).toBeNull();
    let d = await open();
    expect(await d.getByTestId(`field-${field}`).locator('.ant-select-selection-item').count()).toBe(0);
    await choose(d, `field-${field}`, name);
    const reloaded = listResponse(page, tenant);
    await expectToast(page, '操作成功', () => d.getByTestId('dialog-submit').click());
    await reloaded;
    expect(String((await detail())[field])).toBe(targetId);

    // Reopened from the reloaded row, the dialog starts with the bound one; cleared, the tenant is unbound.
    await d.waitFor({ state: 'detached' });
    d = await open();
    await eventually(() => d.getByTestId(`field-${field}`).locator('.ant-select-selection-item').innerText()).toBe(name);
    await clear(d, `field-${field}`);
    await expectToast(page, '操作成功', () => d.getByTestId('dialog-submit').click());
    expect((await detail())[field] ?? null).toBeNull();
  });
});

describe('tenant actions without their buttons', () => {
  it('are not shown to a tenant administrator, who only views their own tenant', async () => {
    const other = await signedInPage(browser, 'admin', 'admin', '100001');
    const buttons = other.waitForResponse((res) => new URL(res.url()).pathname === '/api/blade-system/menu/buttons');
    const list = listResponse(other, tenant);
    await other.goto('/system/tenant');
    const rows = (await (await list).json()).data.records as { id: string; tenantId: string }[];
    expect(rows.map((r) => r.tenantId)).toEqual(['100001']);
    const codes = JSON.stringify((await (await buttons).json()).data);
    expect(codes).toContain('"tenant_view"');
    expect(codes).not.toContain('"tenant_setting"');
    const rowId = String(rows[0].id);
    await rowById(other, tenant, rowId).waitFor();
    // Shown while the buttons load (the server would refuse anyway), then gone.
    for (const testId of ['btn-setting', `row-datasource-${rowId}`, `row-package-${rowId}`])
      await other.getByTestId(testId).waitFor({ state: 'detached' });
    await other.context().close();
  });
});
