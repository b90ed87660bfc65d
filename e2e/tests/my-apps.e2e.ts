import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';

// The home page lists the third-party applications the user's roles may use (`getAppForUser`).
const APP = '/api/dw-third-app/dwThirdApp';

let browser: Browser;
let admin: Page;
let auditor: Page;
let appId = '';
const name = `应用${uniq()}`.slice(0, 12);
beforeAll(async () => {
  browser = await openBrowser();
  admin = await signedInPage(browser, 'admin', 'admin', '100001');
  auditor = await signedInPage(browser, 'auditor', 'auditor', '100001');
});
afterAll(async () => {
  if (appId) await apiCall(admin, 'GET', `${APP}/cusRomve?ids=${appId}`);
  await browser?.close();
});

describe('my applications on the home page', () => {
  it('shows the apps bound to one of the user’s roles, opening their sign-in address in a new window', async () => {
    const made = await apiCall(admin, 'POST', `${APP}/submit`, {
      appName: name,
      loginUrl: 'https://apps.example.org/sso',
      loginOutApi: 'https://apps.example.org/logout',
      note: '测试应用',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    appId = String(made.body.data.id);
    const roles = (await apiCall(admin, 'GET', '/api/blade-system/role/list')).body.data as { id: string; roleAlias: string }[];
    const adminRole = roles.find((r) => r.roleAlias === 'admin')!;
    const bound = await apiCall(admin, 'POST', `/api/dw-third-app/dwThirdAppPermission/batchBind?appId=${appId}&roleIds=${adminRole.id}`);
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);

    await admin.goto('/wel/index');
    const link = admin.getByTestId(`my-app-${appId}`);
    await link.waitFor();
    expect(await link.innerText()).toContain(name);
    expect(await link.getAttribute('href')).toBe('https://apps.example.org/sso');
    expect(await link.getAttribute('target')).toBe('_blank');

    // The auditor's role is not bound: no such app on their home page.
    await auditor.goto('/wel/index');
    await auditor.getByTestId('my-apps').locator('.ant-empty, a').first().waitFor();
    expect(await auditor.getByTestId(`my-app-${appId}`).count()).toBe(0);
  });
});
