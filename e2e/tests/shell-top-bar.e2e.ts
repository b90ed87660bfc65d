import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { newPage, openBrowser } from '../support/browser.ts';
import { tenantAdmin, waitPath } from '../support/shell.ts';
import { signIn } from '../support/sign-in.ts';
import { expectToast } from '../support/waits.ts';

// The top bar's tools: the notices bell (sanitised content), the local error log and the AI assistant
// panel (typing out, copy, commands).

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());
const run = Date.now().toString(36).slice(-5);

describe('notices', () => {
  it('the bell lists notices, a dot while unread; opening shows it read-only and sanitised', async () => {
    const token = await apiSignIn('admin', 'admin', DEMO_TENANT);
    const title = `E2E通知${run}`;
    const res = await api('/api/blade-desk/notice/submit', {
      method: 'POST',
      token,
      json: {
        title,
        category: 1,
        releaseTime: '2026-11-20 10:00:00',
        content: '<p>正文<b>加粗</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
      },
    });
    expect(res.body.code).toBe(200);
    const page = await tenantAdmin(browser);
    await expect.poll(() => page.getByTestId('notice-dot').getAttribute('data-unread')).toBe('true');
    await page.getByTestId('btn-notices').click();
    // The notice's own entry (the list around it matches the text too, and with workflow messages
    // above it a click on the list lands on another entry).
    await page.locator('button.notice-item', { hasText: title }).click();
    const dialog = page.locator('.ant-modal', { hasText: title });
    await dialog.getByTestId('notice-content').getByText('加粗').waitFor();
    expect(await dialog.getByTestId('notice-date').innerText()).toBe('2026-11-20 10:00:00');
    expect(await dialog.getByTestId('notice-type').innerText()).not.toBe('');
    expect(await dialog.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await dialog.locator('input, textarea').count()).toBe(0);
    const read = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-noticeReadIds') ?? '{}').content as string[]);
    expect(read.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('local error log', () => {
  it('lists errors with a badge (at most 99), uploads and clears them', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const logs = Array.from({ length: 120 }, (_, i) => ({
        type: 'error',
        url: '/x',
        message: `seeded ${i}`,
        stack: 'at x',
        time: '2026-11-20 10:00:00',
      }));
      localStorage.setItem('civdesk-errorLog', JSON.stringify({ dataType: 'object', content: logs, datetime: Date.now() }));
    });
    await signIn(page, 'admin', 'admin', DEMO_TENANT);
    expect(await page.getByTestId('logs-badge').locator('.ant-badge-count').innerText()).toBe('99+');
    await page.getByTestId('btn-logs').click();
    await page.locator('.ant-modal', { hasText: '错误日志' }).getByText('seeded 0', { exact: true }).waitFor();
    await page.getByTestId('logs-clear').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定清空本地日志记录？' }).waitFor();
    await expectToast(page, '清空成功', () => page.getByTestId('confirm-clear-logs').click());
    const logsDialog = page.locator('.ant-modal', { hasText: '错误日志' });
    await logsDialog.locator('.ant-modal-close').click();
    await logsDialog.waitFor({ state: 'hidden' });
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e boom');
      }),
    );
    await expect.poll(() => page.getByTestId('logs-badge').locator('.ant-badge-count').innerText()).toBe('1');
    await page.getByTestId('btn-logs').click();
    const dialog = page.locator('.ant-modal', { hasText: '错误日志' });
    await dialog.getByText('e2e boom').first().waitFor();
    await dialog.getByText('/wel/index').first().waitFor();
    await page.getByTestId('logs-upload').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定上传本地日志到服务器？' }).waitFor();
    const sent = page.waitForResponse((r) => r.url().includes('/api/blade-log/front/send'));
    await expectToast(page, '发送成功', () => page.getByTestId('confirm-upload-logs').click());
    expect((await (await sent).json()).code).toBe(200);
    await page.context().close();
  });
});

describe('AI assistant', () => {
  it('refuses an empty question, types the reply out, then offers copy; commands open pages', async () => {
    const page = await tenantAdmin(browser);
    await page.route('**/api/dw-widgets/assistant/ask', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByTestId('btn-ai').click();
    await page.getByTestId('ai-panel').waitFor();
    await expectToast(page, '请输入您的问题或需求！', () => page.getByTestId('ai-send').click());
    await page.getByTestId('ai-input').fill('怎么锁屏?');
    await page.getByTestId('ai-send').click();
    const reply = page.getByTestId('ai-assistant').last();
    await reply.getByText('请稍后。。。').waitFor();
    // Typed one character per 100 ms: part of it first, the copy button only at the end.
    await expect
      .poll(async () => {
        const text = await reply.locator('.ai-text').innerText();
        return !text.includes('请稍后') && text.length > 2;
      })
      .toBe(true);
    const partial = await reply.locator('.ai-text').innerText();
    expect(await reply.getByTestId('ai-copy').count()).toBe(0);
    await reply.getByTestId('ai-copy').waitFor({ timeout: 20_000 });
    const full = await reply.locator('.ai-text').innerText();
    expect(full.startsWith(partial)).toBe(true);
    expect(full).toContain('锁屏密码');

    await page.getByTestId('ai-input').fill('打开数据字典');
    await page.getByTestId('ai-send').click();
    await waitPath(page, '/system/dict');
    await page.getByTestId('ai-input').fill('我要修改密码');
    await page.getByTestId('ai-send').click();
    await waitPath(page, '/info/index');
    await page.context().route('**/www.openstreetmap.org/**', (route) => route.fulfill({ body: 'map' }));
    const popup = page.context().waitForEvent('page', { timeout: 20_000 });
    await page.getByTestId('ai-input').fill('定位到天安门');
    await page.getByTestId('ai-send').click();
    expect((await popup).url()).toContain(encodeURIComponent('天安门'));
    await page.context().close();
  });
});
