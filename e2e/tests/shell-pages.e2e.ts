import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { tenantAdmin } from '../support/shell.ts';
import { expectToast } from '../support/waits.ts';

// The shell's own pages: personal information (avatar upload, phone check, password tab) and the
// flow-chart viewer.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('personal info', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  it('uploads an avatar (jpg/png ≤ 500 KB), checks the phone and saves', async () => {
    const page = await tenantAdmin(browser);
    await page.goto('/info/index');
    await page.getByTestId('info-realName').waitFor();
    await expect.poll(() => page.getByTestId('info-realName').inputValue()).not.toBe('');
    const input = page.getByTestId('info-page').locator('input[type=file]');
    await expectToast(page, '上传头像图片大小不能超过 500KB！', () =>
      input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(600 * 1024)]) }),
    );
    await expectToast(page, '上传头像图片只能是 JPG/PNG 格式！', () =>
      input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }),
    );
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('avatar-image').waitFor();
    const link = await page.getByTestId('avatar-image').getAttribute('src');
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\//);
    await page.getByTestId('info-phone').fill('2380013800');
    await page.getByTestId('info-submit').click();
    await page.getByText('请输入正确的手机号码').waitFor();
    await page.getByTestId('info-phone').fill('13800138000');
    await page.getByTestId('info-realName').fill('租户管理员');
    await expectToast(page, '修改信息成功', () => page.getByTestId('info-submit').click());
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const info = (await api('/api/blade-user/info', { token })).body.data as { phone: string; avatar: string };
    expect(info).toMatchObject({ phone: '13800138000', avatar: link });
    // The password tab: all three asked, a wrong old password refused by the server.
    await page.getByTestId('info-tab-password').click();
    await page.getByTestId('password-submit').click();
    await page.getByText('请输入原密码').waitFor();
    await page.getByTestId('info-oldPassword').fill('wrong-old');
    await page.getByTestId('info-newPassword').fill('New-pass-123');
    await page.getByTestId('info-newPassword1').fill('New-pass-124');
    await page.getByTestId('password-submit').click();
    await page.getByText('两次密码输入不一致').waitFor();
    await page.context().close();
  });
});
