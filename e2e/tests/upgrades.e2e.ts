import { dict, upgradeApp } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { bodyRows, cellText, headers } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually } from '../support/waits.ts';

// The upgrade screens (app upgrades, upgrade records, the upgrade frame, database versions) and the
// two dictionary layouts, as the platform administrator.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

const current = async () => (await apiCall(page, 'GET', '/api/blade-upgrade/upgrade/check')).body.data.version as string;

describe('app upgrades', () => {
  const removeE2eApps = async () => {
    const rows = (await apiCall(page, 'GET', `${upgradeApp.api}/page?appCode=e2e-app&size=100`)).body.data.records as { id: string }[];
    if (rows.length)
      expect((await apiCall(page, 'POST', `${upgradeApp.api}/remove?ids=${rows.map((r) => r.id).join(',')}`)).status).toBe(200);
  };

  it('lists the published versions of the client apps, newest version code first', async () => {
    await removeE2eApps(); // a retry starts clean
    const base = {
      appName: '民政通E2E',
      appCode: 'e2e-app',
      platform: 'android',
      downloadUrl: 'https://apps.example.org/e2e.apk',
      mustUpdate: 0,
      status: 1,
    };
    for (const [versionName, versionCode] of [
      ['2.0.0', 20000],
      ['2.1.0', 20100],
    ] as const) {
      const saved = await apiCall(page, 'POST', `${upgradeApp.api}/submit`, {
        ...base,
        versionName,
        versionCode,
        releaseNotes: `发布 ${versionName}`,
      });
      expect(saved.body.msg).toBe('新增成功');
    }
    await page.goto('/upgrade-app?appCode=e2e-app');
    await page.getByTestId('resource-page-upgrade-app').waitFor();
    expect(await headers(page, upgradeApp)).toEqual(
      expect.arrayContaining(['应用名称', '应用编码', '平台', '版本号', '版本序号', '强制更新', '状态']),
    );
    const rows = bodyRows(page, upgradeApp).filter({ hasText: 'e2e-app' });
    await eventually(() => rows.count()).toBe(2);
    expect(await cellText(page, upgradeApp, rows.first(), '版本号')).toBe('2.1.0');
    expect(await cellText(page, upgradeApp, rows.first(), '平台')).toBe('安卓');
    await removeE2eApps();
  });
});

describe('server upgrades', () => {
  it('upgrade records: each deployment with its record in a drawer', async () => {
    const version = await current();
    const [latest] = (await apiCall(page, 'GET', '/api/blade-upgrade/version-log/page?size=1')).body.data.records as {
      id: string;
      version: string;
    }[];
    expect(latest.version).toBe(version);
    await page.goto('/upgrades/record');
    await page.getByTestId('upgrade-records').waitFor();
    await page.getByTestId(`row-upgrade-detail-${latest.id}`).click();
    const record = page.getByTestId('upgrade-record');
    await record.waitFor();
    expect(await record.locator('.ant-descriptions-item-content').first().innerText()).toBe(version);
    expect(await record.locator('.ant-descriptions-item-content').nth(3).innerText()).toBe('已完成');
  });

  it('the upgrade frame polls the progress, then shows the upgrade done', async () => {
    const target = '99.0.0';
    let polls = 0;
    await page.route(`**/api/blade-upgrade/upgrade/progress/${target}`, (route) => {
      polls++;
      const running = polls < 3;
      const data = {
        version: target,
        current: target,
        status: running ? 'running' : 'done',
        total: 4,
        applied: running ? 2 : 4,
        percent: running ? 50 : 100,
      };
      return route.fulfill({ json: { code: 200, success: true, msg: '', data } });
    });
    await page.route(`**/api/blade-upgrade/upgrade/done/${target}`, (route) =>
      route.fulfill({
        json: {
          code: 200,
          success: true,
          msg: '升级已完成',
          data: { version: target, status: 'done', percent: 100, deployTime: '2026-01-01 08:00:00', oldVersion: '1.0.0' },
        },
      }),
    );
    await page.goto(`/upgrade-frame?v=${target}`);
    await eventually(() => page.getByTestId('upgrade-status').innerText()).toBe('正在执行数据库升级脚本 2/4');
    expect(await page.getByTestId('upgrade-progress').innerText()).toContain('50%');
    const done = page.getByTestId('upgrade-done');
    await done.waitFor();
    expect(await done.innerText()).toContain(`已升级到版本 ${target}`);
    expect(await done.innerText()).toContain('原版本 1.0.0，部署于 2026-01-01 08:00:00');
    expect(polls).toBeGreaterThanOrEqual(3);
    await page.unrouteAll();
  });

  it('the upgrade frame on the running version: done at once, from the server', async () => {
    const version = await current();
    await page.goto('/upgrade-frame');
    await page.getByTestId('upgrade-done').waitFor();
    expect(await page.getByTestId('upgrade-done').innerText()).toContain(`已升级到版本 ${version}`);
  });

  it('database versions on a page of their own', async () => {
    const applied = (await apiCall(page, 'GET', '/api/blade-upgrade/dbversions/list?size=10')).body.data.records as { version: string }[];
    await page.goto('/dbversions/manager');
    const cells = page.getByTestId('db-versions').locator('.ant-table-tbody > tr.ant-table-row > td:nth-child(1)');
    await eventually(() => cells.allInnerTexts()).toEqual(applied.map((v) => v.version));
  });
});

describe('dictionary layouts', () => {
  const box = async (testId: string) => (await page.getByTestId(testId).boundingBox())!;

  it('horizontal: the dictionaries on the left, the chosen one’s entries on the right', async () => {
    await page.goto('/dict-horizontal/index');
    await page.getByTestId('dict-layout-horizontal').waitFor();
    const first = bodyRows(page, dict).first();
    await first.waitFor();
    const list = await box('resource-page-dict');
    const empty = await box('dict-entries-empty-dict');
    expect(empty.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(Math.abs(empty.y - list.y)).toBeLessThan(20);
    await first.locator('[data-testid^="row-dict-config-"]').click();
    await page.getByTestId('resource-page-dict-entries').locator('.ant-table').waitFor();
    expect((await box('resource-page-dict-entries')).x).toBeGreaterThanOrEqual(list.x + list.width - 1);
  });

  it('vertical: the dictionaries above, the entries below', async () => {
    await page.goto('/dict-vertical/index');
    await page.getByTestId('dict-layout-vertical').waitFor();
    const first = bodyRows(page, dict).first();
    await first.waitFor();
    const list = await box('resource-page-dict');
    const empty = await box('dict-entries-empty-dict');
    expect(empty.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
    expect(Math.abs(empty.x - list.x)).toBeLessThan(20);
    await first.locator('[data-testid^="row-dict-config-"]').click();
    await page.getByTestId('resource-page-dict-entries').locator('.ant-table').waitFor();
  });

  it('every new screen is in the platform administrator’s menu', async () => {
    const routes = (await apiCall(page, 'GET', '/api/blade-system/fun/routes')).body.data as { path: string; children?: unknown[] }[];
    const paths = (function flat(ms: { path: string; children?: unknown[] }[]): string[] {
      return ms.flatMap((m) => [m.path, ...flat((m.children ?? []) as typeof ms)]);
    })(routes);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/upgrade-app',
        '/upgrades/record',
        '/upgrade-frame',
        '/dbversions/manager',
        '/dict-horizontal/index',
        '/dict-vertical/index',
      ]),
    );
  });
});
