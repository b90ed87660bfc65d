import type { Resource } from '@civdesk/meta';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { openDropdown, pickOption } from './pickers.ts';
import { apiCall, rowsOf } from './rows.ts';
import { type FieldRef, searchParam } from './values.ts';
import { listResponse, whereIs } from './waits.ts';

// The generic list screen (apps/web/src/crud/resource-page.tsx): its table, paging and search bar.

export const screen = (page: Page, r: Resource) => page.getByTestId(`resource-page-${r.name}`);
export const bodyRows = (page: Page, r: Resource) => screen(page, r).locator('.ant-table-tbody > tr.ant-table-row');
export const rowById = (page: Page, r: Resource, id: string) => screen(page, r).locator(`.ant-table-tbody > tr[data-row-key="${id}"]`);
export const emptyText = (page: Page, r: Resource) => screen(page, r).locator('.ant-table-placeholder .ant-empty-description');
export const headers = async (page: Page, r: Resource) =>
  (await screen(page, r).locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim());

/** The text of one row's cell under the column titled `label`. */
export async function cellText(page: Page, r: Resource, row: Locator, label: string): Promise<string> {
  const at = (await headers(page, r)).indexOf(label);
  expect(at, `column ${label}`).toBeGreaterThanOrEqual(0);
  return (await row.locator(':scope > td').nth(at).innerText()).trim();
}

/** Opens the screen from the sidebar menu and waits for its first list answer. */
export async function openFromMenu(page: Page, r: Resource): Promise<Response> {
  const loaded = listResponse(page, r);
  await page.getByTestId(`menu-${r.name}`).click();
  try {
    await screen(page, r).waitFor();
  } catch (e) {
    throw new Error(`${r.name}: the screen did not appear; ${await whereIs(page)}`, { cause: e });
  }
  return loaded;
}

/** The page sizes a flat list offers (PAGE_SIZES in apps/web/src/crud/resource-page.tsx). */
export const PAGE_SIZES = [10, 30, 50, 100, 200];

/**
 * Where rows stand in the list's order (the server's: the definition's `defaultSort`, then id), as
 * 0-based indexes; `filters` are the search the table shows (none: the whole list).
 */
async function positions(page: Page, r: Resource, ids: string[], filters: Record<string, string>): Promise<number[]> {
  const order: string[] = [];
  for (let current = 1; ; current++) {
    const query = new URLSearchParams({ ...filters, current: String(current), size: '1000' });
    const found = await apiCall(page, 'GET', `${r.api}/page?${query}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const records = rowsOf(found.body.data);
    order.push(...records.map((row) => String(row.id)));
    if (records.length < 1000 || ids.every((id) => order.includes(id))) break;
  }
  const at = ids.map((id) => order.indexOf(id));
  expect(at, `${r.name}: rows ${ids.join(', ')} in the list`).not.toContain(-1);
  return at;
}

/** Moves a flat list to page `to` with its pagination (its number, else the jump or step towards it). */
async function goToPage(page: Page, r: Resource, to: number): Promise<void> {
  const pagination = screen(page, r).locator('.ant-pagination');
  for (let clicks = 0; ; clicks++) {
    const current = Number(await pagination.locator('.ant-pagination-item-active').getAttribute('title'));
    if (current === to) return;
    expect(clicks, `${r.name}: page ${to} within 20 clicks`).toBeLessThan(20);
    const forward = to > current ? 'next' : 'prev';
    const candidates = [`.ant-pagination-item-${to}`, `.ant-pagination-jump-${forward}`, `.ant-pagination-${forward}`];
    let target = pagination.locator(candidates[2]);
    for (const css of candidates.slice(0, 2)) {
      if (await pagination.locator(css).count()) {
        target = pagination.locator(css);
        break;
      }
    }
    const loaded = listResponse(page, r);
    await target.click();
    await loaded;
  }
}

/**
 * Shows rows the test made, as a user finds them: when they are not on the page shown, the list goes
 * to the page that holds them (a choice of seeded rows, such as one scope per resource ordered by
 * code, fills the first pages); rows that fall on two pages are shown together with the smallest
 * larger page size that holds both. Trees show every row. Resolves once all of them are visible.
 */
export async function showRows(page: Page, r: Resource, ids: string[], filters: Record<string, string> = {}): Promise<void> {
  const rows = ids.map((id) => rowById(page, r, id));
  if (!r.tree && !(await Promise.all(rows.map((row) => row.isVisible()))).every(Boolean)) {
    const at = await positions(page, r, ids, filters);
    const changer = screen(page, r).locator('.ant-pagination-options .ant-select');
    const size = Number.parseInt(await changer.innerText(), 10);
    const together = (n: number) => new Set(at.map((i) => Math.floor(i / n))).size === 1;
    const fits = together(size) ? size : PAGE_SIZES.find((n) => n > size && together(n));
    expect(fits, `${r.name}: a page size that shows rows ${ids.join(', ')} together`).toBeDefined();
    if (fits !== size) {
      const resized = listResponse(page, r, (url) => url.searchParams.get('size') === String(fits));
      await changer.click();
      await openDropdown(page)
        .locator('.ant-select-item-option', { hasText: new RegExp(`^${fits}\\b`) })
        .click();
      await resized;
    }
    await goToPage(page, r, Math.floor(at[0] / fits!) + 1);
  }
  for (const row of rows) await row.waitFor();
}

/** Searches by one field (types text or a number, or picks the option labelled `value`) and waits for the answer; resolves to the request's query. */
export async function searchBy(page: Page, r: Resource, s: FieldRef, value: string): Promise<URLSearchParams> {
  const input = page.getByTestId(`search-${s.key}`);
  if (s.kind === 'select') await pickOption(page, input, { label: value });
  else await input.fill(value);
  const answered = listResponse(page, r, (url) => url.searchParams.has(searchParam(s)));
  await page.getByTestId('btn-search').click();
  return new URL((await answered).url()).searchParams;
}

/** Clears the search bar and waits for the unfiltered list. */
export async function resetSearch(page: Page, r: Resource, s: FieldRef): Promise<URLSearchParams> {
  const answered = listResponse(page, r, (url) => !url.searchParams.has(searchParam(s)));
  await page.getByTestId('btn-reset').click();
  return new URL((await answered).url()).searchParams;
}

/** What the search field shows after a reset ('' when cleared). */
export async function searchShown(page: Page, s: FieldRef): Promise<string> {
  const input = page.getByTestId(`search-${s.key}`);
  if (s.kind !== 'select') return input.inputValue();
  return (await input.locator('.ant-select-selection-item').allInnerTexts()).join(', ');
}

/** Clicks a toolbar action (`btn-<key>`), opening 更多 first when the action is folded into it. */
export async function clickTool(page: Page, key: string): Promise<void> {
  const action = page.getByTestId(`btn-${key}`);
  if (!(await action.isVisible())) {
    await page.getByTestId('btn-more').click();
    await action.waitFor();
  }
  await action.click();
}
