import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createRow,
  dialog,
  dialogErrors,
  eventually,
  expectToast,
  findNode as find,
  listResponse,
  type TreeNode as Node,
  openDialog,
  pickOption,
  rowById,
  screen,
  settled,
  uniq,
} from '../screen.ts';
import { launch, signedInPage } from '../support.ts';

// The special actions of roles, menus, the operation audit, the password policy and data sources,
// as the platform administrator (who holds every button).
const role = resourceByName.get('role')!;
const menu = resourceByName.get('menu')!;
const operLog = resourceByName.get('user-oper-log')!;

const ids = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('role grant dialog', () => {
  it('grants a menu with its buttons, its parent half-checked, and a data scope', async () => {
    const created = await apiCall(page, 'POST', '/api/blade-system/role/submit', {
      parentId: '0',
      roleName: `授权${uniq()}`.slice(0, 10),
      roleAlias: `g${uniq()}`,
      sort: 9,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roleId = created.body.data.id;
    const tree = (await apiCall(page, 'GET', '/api/blade-system/menu/grant-tree')).body.data;
    const postMenu = find(tree.menu, '岗位管理')!;
    const root = tree.menu.find((n: Node) => find([n], '岗位管理'))!;

    const loaded = listResponse(page, role);
    await page.goto('/system/role');
    await loaded;
    await page.getByTestId(`row-grant-${roleId}`).click();
    const grant = page.getByTestId('role-grant-dialog');
    const menus = grant.getByTestId('grant-tree-menu');
    await menus.getByText('岗位管理', { exact: true }).waitFor();
    // Clicked as events: the trees re-lay out while they open (the next node may lie over a box for a moment).
    await menus
      .locator('.ant-tree-treenode', { has: page.getByText('岗位管理', { exact: true }) })
      .locator('.ant-tree-checkbox')
      .dispatchEvent('click');
    await grant.getByTestId('grant-tab-dataScope').click();
    const scopes = grant.getByTestId('grant-tree-dataScope');
    // The tab's tree opens fully expanded.
    const scopeLeaf = find(tree.dataScope, '岗位管理')!.children![0];
    await scopes.getByText(scopeLeaf.title, { exact: true }).first().waitFor();
    await scopes
      .locator('.ant-tree-treenode', { has: page.getByText(scopeLeaf.title, { exact: true }) })
      .first()
      .locator('.ant-tree-checkbox')
      .dispatchEvent('click');
    await scopes.locator('.ant-tree-checkbox-checked').first().waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());

    const held = (await apiCall(page, 'GET', `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)).body.data;
    expect(held.menu).toEqual(expect.arrayContaining(ids([postMenu])));
    expect(held.menu).toContain(root.id); // the half-checked parent is granted too
    expect(held.menu.length).toBe(ids([postMenu]).length + 1);
    expect(held.dataScope).toEqual([scopeLeaf.id]);

    // Opened again, the dialog shows what the role holds.
    await page.getByTestId(`row-grant-${roleId}`).click();
    const again = page.getByTestId('role-grant-dialog').getByTestId('grant-tree-menu');
    await again.locator('.ant-tree-checkbox-checked').first().waitFor();
    expect(await again.locator('.ant-tree-checkbox-checked').count()).toBe(ids([postMenu]).length);
    await page.getByTestId('role-grant-dialog').locator('.ant-modal-close').click();
  });
});

describe('menu scopes', () => {
  it('lists the scopes of one menu and adds one beneath it', async () => {
    const loaded = listResponse(page, menu);
    await page.goto('/system/menu');
    await loaded;
    await page.getByTestId('search-code').fill('post');
    const searched = listResponse(page, menu, (url) => url.searchParams.get('code') === 'post');
    await page.getByTestId('btn-search').click();
    const rows = ((await (await searched).json()).data as { id: string; code: string; category: number }[]).flatMap(function flat(r: {
      id: string;
      code: string;
      category: number;
      children?: unknown[];
    }): { id: string; code: string; category: number }[] {
      return [r, ...((r.children ?? []) as never[]).flatMap(flat)];
    });
    const postMenu = rows.find((r) => r.code === 'post')!;
    await page.getByTestId(`row-scopes-${postMenu.id}`).click();
    const scopes = page.getByTestId('menu-scopes-dialog');
    const data = scopes.getByTestId('menu-scopes-data');
    await data.locator('.ant-table-row').first().waitFor();
    const seeded = (await apiCall(page, 'GET', `/api/blade-system/data-scope/page?menuId_equal=${postMenu.id}&size=100`)).body.data;
    expect(await data.locator('.ant-table-row').count()).toBe(Math.min(seeded.total, 10));

    await openDialog(page, data.getByTestId('btn-add'));
    const name = `范围${uniq()}`.slice(0, 12);
    await page.getByTestId('dialog-submit').click();
    await eventually(async () => (await dialogErrors(page)).includes('请输入权限名称')).toBe(true);
    await dialog(page).getByTestId('field-resourceCode').fill('post');
    await dialog(page).getByTestId('field-scopeName').fill(name);
    await pickOption(page, dialog(page).getByTestId('field-scopeType'));
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    await data.getByText(name).waitFor();
    const after = (await apiCall(page, 'GET', `/api/blade-system/data-scope/page?menuId_equal=${postMenu.id}&scopeName=${name}`)).body.data;
    expect(after.records.map((r: { menuId: string }) => String(r.menuId))).toEqual([postMenu.id]);

    await scopes.getByTestId('scopes-tab-api').click();
    await scopes.getByTestId('menu-scopes-api').locator('.ant-table-row').first().waitFor();
  });
});

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

describe('holiday calendar', () => {
  const holiday = resourceByName.get('holiday-schedule')!;

  it('shows a seeded year and marks a day of the next year off', async () => {
    const loaded = listResponse(page, holiday);
    await page.goto('/system/holiday-schedule');
    const first = ((await (await loaded).json()).data.records as { id: string; year: number }[])[0];
    await page.getByTestId(`row-calendar-${first.id}`).click();
    const calendar = page.getByTestId('holiday-calendar');
    await eventually(() => calendar.getByTestId(`day-${first.year}-10-01`).getAttribute('data-mark')).toBe('holiday');
    await page.getByTestId('calendar-cancel').click();
    await calendar.waitFor({ state: 'hidden' });

    const next = (await apiCall(page, 'GET', `${holiday.api}/getMaxNextYear`)).body.data;
    await page.getByTestId('btn-next-year').click();
    // A Wednesday in March of that year.
    const day = [...Array(7).keys()].map((i) => new Date(next, 2, 4 + i)).find((d) => d.getDay() === 3)!;
    const date = `${next}-03-${String(day.getDate()).padStart(2, '0')}`;
    const cell = page.getByTestId('holiday-calendar').getByTestId(`day-${date}`);
    await cell.click();
    expect(await cell.getAttribute('data-mark')).toBe('holiday');
    await expectToast(page, '保存成功', () => page.getByTestId('calendar-save').click());
    const saved = (await apiCall(page, 'GET', `${holiday.api}/page?year_equal=${next}`)).body.data.records[0];
    expect(JSON.parse(saved.holidaysList)).toEqual([expect.objectContaining({ date, type: 'holiday' })]);
  });
});

describe('dictionary entries beside the type tree', () => {
  const detail = resourceByName.get('dict-detail')!;

  it('filters by the chosen type and starts new entries in it', async () => {
    const types = (await apiCall(page, 'GET', '/api/blade-system/dwSysDictType/cusTree')).body.data as {
      title: string;
      dictType: string;
      children?: unknown[];
    }[];
    const type = types[0];
    const loaded = listResponse(page, detail);
    await page.goto('/system/dict-detail');
    await loaded;
    const filtered = listResponse(page, detail, (url) => url.searchParams.get('dictType_equal') === type.dictType);
    await page.getByTestId('dict-type-tree').getByText(type.title, { exact: true }).first().click();
    await filtered;
    await openDialog(page, page.getByTestId('btn-add'));
    await eventually(() => shownValueOf('dictType')).not.toBe('');
  });
});

const shownValueOf = async (key: string) =>
  (await dialog(page).getByTestId(`field-${key}`).locator('.ant-select-selection-item').allInnerTexts()).join(', ');
