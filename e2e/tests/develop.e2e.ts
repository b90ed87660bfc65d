import { code, model } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { downloadedBytes } from '../support/downloads.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { expectToast, listResponse, settled } from '../support/waits.ts';

// 研发工具: a model of blade_post gets its field table from the table and saves it; its generator
// previews the generated definition highlighted and downloads it as a zip.
let browser: Browser;
let page: Page;
let modelId = '';
let codeId = '';
const name = `岗位${uniq()}`;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
  const m = await apiCall(page, 'POST', `${model.api}/submit`, {
    modelTable: 'blade_post',
    modelName: name,
    modelClass: 'Post',
    modelCode: 'post',
  });
  modelId = String(m.body.data.id);
  const c = await apiCall(page, 'POST', `${code.api}/submit`, {
    modelId,
    codeName: name,
    serviceName: 'blade-system',
    tableName: 'blade_post',
    tablePrefix: 'blade_',
    packageName: 'system',
    author: 'e2e',
    genHooks: 2,
  });
  codeId = String(c.body.data.id);
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
});

describe.sequential('code generation screens', () => {
  it('configures a model fields from its table and saves them', async () => {
    const loaded = listResponse(page, model);
    await page.goto('/tool/model');
    await loaded;
    await page.getByTestId(`row-fields-${modelId}`).click();
    const dialog = settled(page, '.ant-modal').filter({ hasText: '字段配置' });
    const label = dialog.getByTestId('comment-post_code');
    await expect(label.inputValue()).resolves.toBe('岗位编号');
    await label.fill('岗位代码');
    await dialog.getByTestId('isQuery-post_name').click();
    await expectToast(page, '保存成功', () => dialog.getByTestId('fields-save').click());
    const saved = await apiCall(page, 'GET', `/api/blade-develop/model-prototype/select?modelId=${modelId}`);
    expect(saved.body.data.find((r: { jdbcName: string }) => r.jdbcName === 'post_code').comment).toBe('岗位代码');
  });

  it('previews the generated definition highlighted and downloads it as a zip', async () => {
    const loaded = listResponse(page, code);
    await page.goto('/tool/code');
    await loaded;
    await page.getByTestId(`row-preview-${codeId}`).click();
    const dialog = settled(page, '.ant-modal').filter({ hasText: '代码预览' });
    await dialog.locator('[data-testid="code-preview"] .hljs-keyword').first().waitFor();
    await expect(dialog.getByTestId('code-preview').first().innerText()).resolves.toContain("label: L('岗位代码'");
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('code-download').click()]);
    expect(download.suggestedFilename()).toBe('post.zip');
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('packages/resources/src/system/post.resource.ts'))).toBe(true);
    expect(bytes.includes(Buffer.from('apps/server/src/resources/post/post.hooks.ts'))).toBe(true);
  });
});
