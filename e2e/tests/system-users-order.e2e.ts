import { resourceByName } from '@civdesk/resources';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { bodyRows, screen } from '../support/list-screen.ts';
import { pickOption } from '../support/pickers.ts';
import { signedInPage } from '../support/sign-in.ts';

// The users screen's list modes: oldest password change or sign-in first (`page4lastUpwd`).
const user = resourceByName.get('user')!;
type U = { id: string; account: string; lastLoginTime?: string | null; lastUppasswdTime?: string | null };

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

const pageAnswer = (path: string) =>
  page.waitForResponse((res) => new URL(res.url()).pathname === `/api/blade-user/${path}` && res.request().method() === 'GET');

/** The ids of the rows on screen, top to bottom. */
const shownIds = async () => bodyRows(page, user).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));

async function expectOrdered(res: Response, field: 'lastLoginTime' | 'lastUppasswdTime') {
  const body = await res.json();
  const records: U[] = body.data.records;
  // Oldest first; accounts that never did it come after those that did.
  const times = records.map((r) => r[field] ?? null);
  const set = times.filter((x): x is string => Boolean(x));
  expect(set.length).toBeGreaterThan(0);
  expect(times.slice(0, set.length)).toEqual([...set].sort());
  await expectShown(records.map((r) => r.id));
  const admin = records.find((r) => r.account === 'admin')!;
  expect(await page.getByTestId(`order-time-${admin.id}`).innerText()).toBe(admin[field]);
}

async function expectShown(ids: string[]) {
  for (let i = 0; i < 100 && JSON.stringify(await shownIds()) !== JSON.stringify(ids); i++) await page.waitForTimeout(100);
  expect(await shownIds()).toEqual(ids);
}

describe('users list modes', () => {
  it('orders by the oldest sign-in, then the oldest password change, then back', async () => {
    const first = pageAnswer('page');
    await page.goto('/system/user');
    await screen(page, user).waitFor();
    await first;
    const select = page.getByTestId('user-order');
    expect(await select.innerText()).toContain('默认排序');

    const byLogin = pageAnswer('page4lastUpwd');
    await pickOption(page, select, { label: '最久未登录优先' });
    const login = await byLogin;
    expect(new URL(login.url()).searchParams.get('lastLoginOrder')).toBe('asc');
    expect(new URL(login.url()).searchParams.get('current')).toBe('1');
    expect(await screen(page, user).locator('th', { hasText: '最后登录时间' }).count()).toBeGreaterThan(0);
    await expectOrdered(login, 'lastLoginTime');

    const byUpwd = pageAnswer('page4lastUpwd');
    await pickOption(page, select, { label: '最久未改密码优先' });
    const upwd = await byUpwd;
    expect(new URL(upwd.url()).searchParams.get('lastUpwdOrder')).toBe('asc');
    expect(new URL(upwd.url()).searchParams.has('lastLoginOrder')).toBe(false);
    expect(await screen(page, user).locator('th', { hasText: '最后登录时间' }).count()).toBe(0);
    await expectOrdered(upwd, 'lastUppasswdTime');

    const back = pageAnswer('page');
    await pickOption(page, select, { label: '默认排序' });
    const plain = await back;
    expect(new URL(plain.url()).searchParams.has('lastUpwdOrder')).toBe(false);
    await expectShown((await plain.json()).data.records.map((r: U) => r.id));
    expect(await page.getByTestId('order-time-' + (await shownIds())[0]).count()).toBe(0);
  });
});
