import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { apiCall } from '../support/rows.ts';
import { tenantAdmin } from '../support/shell.ts';
import { listResponse } from '../support/waits.ts';

// Custom queries and report templates as the demo tenant's administrator: a query set up through
// the API is run from its page with a condition; a report opens with its chart and table.

const reports = resourceByName.get('report-template')!;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await tenantAdmin(browser);
});
afterAll(() => browser?.close());

const created = async (path: string, body: object) => {
  const res = await apiCall(page, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
};

describe('custom queries', () => {
  it('runs a query with its condition and shows the answer under the configured header', async () => {
    const id = await created('/api/dw-query/bmsQueryList/submit', {
      customName: `浏览器测试查询${Date.now().toString(36)}`,
      content: 'select account, real_name as "realName" from blade_user where account = :account',
    });
    await created('/api/dw-query/bmsQueryCondition/submit', { queryId: id, conditionName: '账号', paramName: 'account', isRequired: 1 });
    const cols = await apiCall(page, 'POST', '/api/dw-query/bmsQueryTabDetail/cusSave', {
      queryId: id,
      list: [{ fieldName: 'account', fieldLabel: '登录账号' }],
    });
    expect(cols.status).toBe(200);

    await page.goto(`/query/run?id=${id}`);
    await page.getByPlaceholder('账号').fill('caseworker');
    const answered = page.waitForResponse((r) => r.url().includes('/bmsuccessQuery/queryPage'));
    await page.getByTestId('query-submit').click();
    expect((await (await answered).json()).data.records).toEqual([{ account: 'caseworker', realName: expect.any(String) }]);
    const table = page.getByTestId('query-result');
    await table.getByText('caseworker').waitFor();
    await table.getByText('登录账号').first().waitFor();
    expect(await table.getByText('realName').count()).toBe(0);
  });

  it('opens a report template as a chart and a table', async () => {
    const sqlId = await created('/api/dw-matter/matPrintSql/submit', {
      name: '岗位统计',
      sql: 'select post_name as "岗位", sort as "排序" from blade_post order by sort',
    });
    const id = await created(`${reports.api}/submit`, {
      templateName: '岗位报表',
      code: `e2e${Date.now().toString(36)}`.slice(0, 16),
      printSqlId: sqlId,
    });
    const loaded = listResponse(page, reports);
    await page.goto('/query/report-template');
    await loaded;
    await page.getByTestId(`row-run-${id}`).click();
    const view = page.getByTestId('report-view');
    await view.getByTestId('report-chart').locator('canvas').waitFor();
    await view.getByTestId('report-table').getByText('岗位').first().waitFor();
  });
});
