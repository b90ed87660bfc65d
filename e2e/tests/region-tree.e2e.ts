import { resourceByName } from '@civdesk/resources';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { openFromMenu, rowById } from '../support/list-screen.ts';
import { signedInPage } from '../support/sign-in.ts';
import { listResponse } from '../support/waits.ts';

// Regions are a lazy tree (3,351 seeded rows): the screen loads one level at a time, both in the
// table and in the parent picker of the dialog.
const region = resourceByName.get('region')!;

type Node = { id: string; parentId: string; name?: string; title?: string; hasChildren: boolean };
const nodesOf = async (res: Response): Promise<Node[]> => (await res.json()).data;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('region screen (lazy tree)', () => {
  let provinces: Node[];

  it('loads only the provinces at first', async () => {
    expect(region.tree?.lazy).toBe(true);
    const first = await openFromMenu(page, region);
    expect(new URL(first.url()).searchParams.has('parentId')).toBe(false);
    provinces = await nodesOf(first);
    expect(provinces.length).toBeGreaterThan(10);
    expect(provinces.every((p) => p.parentId === '0')).toBe(true);
    await rowById(page, region, provinces[0].id).waitFor();
    // Not expanded yet: only the first level is in the table.
    expect(await page.locator('.ant-table-row-level-1').count()).toBe(0);
  });

  it('expanding a province loads its cities, and a city its districts', async () => {
    const province = provinces.find((p) => p.hasChildren)!;
    const provinceRow = rowById(page, region, province.id);
    const citiesLoaded = listResponse(page, region, (url) => url.searchParams.get('parentId') === province.id);
    await provinceRow.locator('.ant-table-row-expand-icon').click();
    const cities = await nodesOf(await citiesLoaded);
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c) => c.parentId === province.id)).toBe(true);
    for (const c of cities) await rowById(page, region, c.id).waitFor();
    expect(await rowById(page, region, cities[0].id).getAttribute('class')).toContain('ant-table-row-level-1');
    expect(await rowById(page, region, cities[0].id).innerText()).toContain(cities[0].name);

    const city = cities.find((c) => c.hasChildren)!;
    const districtsLoaded = listResponse(page, region, (url) => url.searchParams.get('parentId') === city.id);
    await rowById(page, region, city.id).locator('.ant-table-row-expand-icon').click();
    const districts = await nodesOf(await districtsLoaded);
    expect(districts.length).toBeGreaterThan(0);
    await rowById(page, region, districts[0].id).waitFor();
    expect(await rowById(page, region, districts[0].id).getAttribute('class')).toContain('ant-table-row-level-2');

    // Folding and unfolding again shows the loaded level without asking the server again.
    const asked: string[] = [];
    const onRequest = (req: { url: () => string }) => {
      if (req.url().includes(`${region.api}/list`)) asked.push(req.url());
    };
    page.on('request', onRequest);
    await provinceRow.locator('.ant-table-row-expand-icon').click();
    await rowById(page, region, cities[0].id).waitFor({ state: 'hidden' });
    await provinceRow.locator('.ant-table-row-expand-icon').click();
    await rowById(page, region, cities[0].id).waitFor();
    page.off('request', onRequest);
    expect(asked).toEqual([]);
  });

  it("the dialog's parent picker also loads a province's cities when it is opened", async () => {
    await openDialog(page, page.getByTestId('btn-add'));
    await page.getByTestId('field-parentId').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const province = provinces.find((p) => p.hasChildren)!;
    const node = dropdown.locator('.ant-select-tree-treenode', { hasText: province.name });
    await node.first().waitFor();
    const loaded = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `${region.api}/lazy-tree` && new URL(res.url()).searchParams.get('parentId') === province.id,
    );
    await node.first().locator('.ant-select-tree-switcher').click();
    const children = await nodesOf(await loaded);
    expect(children.length).toBeGreaterThan(0);
    await dropdown.locator('.ant-select-tree-treenode', { hasText: children[0].title }).first().waitFor();
    await page.getByTestId('field-parentId').click();
    await dropdown.waitFor({ state: 'hidden' });
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
  });
});
