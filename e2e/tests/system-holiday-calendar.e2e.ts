import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast, listResponse } from '../support/waits.ts';

// The holiday schedule's year calendar: a seeded year shown, a day of the next year marked off and
// saved, as the platform administrator.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

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
