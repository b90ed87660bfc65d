import type { Resource } from '@civdesk/meta';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failureShot, openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, dialogErrors, formItem, isEditable, openDialog, shownValue } from '../support/dialogs.ts';
import { addRow, fillField } from '../support/forms.ts';
import {
  bodyRows,
  cellText,
  emptyText,
  headers,
  openFromMenu,
  PAGE_SIZES,
  resetSearch,
  rowById,
  screen,
  searchBy,
  searchShown,
  showRows,
} from '../support/list-screen.ts';
import { pickOption } from '../support/pickers.ts';
import {
  canRemove,
  canSubmit,
  languageChecksOn,
  listedResources,
  otherRowValues,
  ownerOf,
  proposedOnAdd,
  sharedChecksOn,
} from '../support/resources.ts';
import { apiCall, createRow, freeInt, sampleValue } from '../support/rows.ts';
import { closeActiveTab } from '../support/shell.ts';
import { signedInPage } from '../support/sign-in.ts';
import {
  dialogFields,
  editField,
  type FieldRef,
  requiredEmpty,
  requiredText,
  searchField,
  searchParam,
  textFor,
  uniq,
} from '../support/values.ts';
import { eventually, expectToast, listResponse, settled, writeResponse } from '../support/waits.ts';

// The generic list screen for every resource that has one, taken from the registry: a new resource
// is covered the moment it is registered. The steps of one resource run in order (open → add →
// search → edit → view → validate → … → delete → bulk delete) on one signed-in page, each asserting
// what the user sees. A step a resource cannot take (read-only list, nothing to search or edit by)
// is skipped with the reason in its name. The resources are dealt round-robin into lanes that run
// side by side (E2E_LANES, default 2): a lane takes its resources one after another and keeps one
// signed-in page per account, going back to the home page (closing the last screen's tab) before each resource.
let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** A step, or the same step skipped with the reason in its name. */
function step(name: string, skipped: string | false | undefined, fn: () => Promise<void>) {
  if (skipped) it.skip(`${name} — skipped: ${skipped}`, fn);
  else it(name, fn);
}

const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));
const lanes = Array.from({ length: LANES }, (_, i) => listedResources.filter((_, j) => j % LANES === i));

for (const [i, lane] of lanes.entries()) {
  describe.concurrent(`lane ${i + 1}/${LANES}`, () => {
    const pages = new Map<string, Promise<Page>>();
    /** The lane's signed-in page for the resource's owner, on the home page. */
    const pageFor = async (r: Resource) => {
      const owner = ownerOf(r);
      const known = pages.get(owner.join('/'));
      if (!known) {
        const fresh = signedInPage(browser, ...owner);
        pages.set(owner.join('/'), fresh);
        return fresh;
      }
      const page = await known;
      // Closing the last screen's tab leads back home without reloading the app; a reload only
      // when that did not get there.
      await closeActiveTab(page);
      const home = await page
        .waitForURL((u) => u.pathname === '/wel/index', { timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (!home) await page.goto('/wel/index');
      await page.getByTestId('user-name').waitFor();
      return page;
    };
    afterAll(async () => {
      for (const page of pages.values()) await (await page.catch(() => undefined))?.context().close();
    });
    for (const r of lane) describe.sequential(`${r.name} screen`, () => screenSteps(r, pageFor));
  });
}

function screenSteps(r: Resource, pageFor: (r: Resource) => Promise<Page>) {
  let page: Page;
  const writable = canSubmit(r);
  const removable = canRemove(r);
  const search = searchField(r);
  const edit = writable ? editField(r) : undefined;
  const shared = sharedChecksOn.has(r.name);
  const readOnly = !writable && 'read-only list (no submit route)';
  const noRemove = !removable && 'no remove route';
  const noSearch = !search && 'no search field it can fill';
  const nameOf = (f?: FieldRef) => (f ? `${f.key} (${f.kind})` : 'a field');
  const sharedOnly = (on: ReadonlySet<string>) => !on.has(r.name) && `the same on every screen, checked on ${[...on].join(', ')}`;
  let added: { id: string; entered: Record<string, string> };
  // Rows made through the API: `other` is one no search below matches, so a search has something to
  // leave out; `other` and `spare` are the two rows bulk delete removes at the end.
  let other: string | undefined;
  let spare: string | undefined;
  let removed = false;

  beforeAll(async () => {
    page = await pageFor(r);
    if (!writable) return;
    const values: Record<string, unknown> = { ...otherRowValues[r.name] };
    if (search?.kind === 'text') values[search.key] = textFor(search.f, `o${uniq()}`);
    if (search?.kind === 'select') values[search.key] = await sampleValue(page, r, search.key, search.f, 1);
    other = await createRow(page, r, values);
    if (removable) spare = await createRow(page, r, search?.kind === 'text' ? { [search.key]: textFor(search.f, `s${uniq()}`) } : {});
  });
  afterEach(async ({ task }) => {
    if (!page || page.isClosed()) return;
    if (task.result?.state === 'fail') await failureShot(page, `${r.name}-${task.name}`);
    // A failed step may leave a dialog, a confirmation or a dropdown open: close it for the next one.
    if (await page.locator('.ant-modal-confirm').isVisible()) await page.keyboard.press('Escape');
    if (await dialog(page).isVisible()) await page.getByTestId('dialog-cancel').click();
  });
  afterAll(async () => {
    const left = removed ? [] : [other, spare].filter(Boolean);
    if (left.length) expect((await apiCall(page, 'POST', `${r.api}/remove?ids=${left.join(',')}`)).status).toBe(200);
  });

  it(`opens from the sidebar menu and shows the table${writable ? '' : ', without add or edit'}`, async () => {
    const first = await openFromMenu(page, r);
    expect(first.status()).toBe(200);
    expect(await page.getByTestId('page-title').innerText()).toBe(r.label.zh);
    expect(await screen(page, r).locator('.ant-pro-table-list-toolbar-title').innerText()).toBe(r.label.zh);
    if (other) await showRows(page, r, [other]);
    else {
      // Nothing made here: the table shows the rows of the answer, or the empty text.
      const data = (await first.json()).data;
      const count = (Array.isArray(data) ? data : data.records).length;
      if (count === 0) await emptyText(page, r).waitFor();
      await eventually(() => bodyRows(page, r).count()).toBe(count);
    }
    // Every listed field is a column, titled with its label.
    const titles = await headers(page, r);
    for (const f of Object.values(r.allFields).filter((f) => f.list && f.type !== 'password')) expect(titles).toContain(f.label.zh);
    if (!r.tree) {
      const query = new URL(first.url()).searchParams;
      expect([query.get('current'), query.get('size')]).toEqual(['1', '10']);
    }
    // Only the actions the API offers.
    expect(await page.getByTestId('btn-add').count()).toBe(writable ? 1 : 0);
    expect(await page.getByTestId('btn-batch-delete').count()).toBe(removable ? 1 : 0);
    const firstRow = bodyRows(page, r).first();
    if (await firstRow.count()) {
      const id = await firstRow.getAttribute('data-row-key');
      expect(await page.getByTestId(`row-view-${id}`).count()).toBe(1);
      expect(await page.getByTestId(`row-edit-${id}`).count()).toBe(writable ? 1 : 0);
      expect(await page.getByTestId(`row-delete-${id}`).count()).toBe(removable ? 1 : 0);
    }
  });

  step('adds a row through the dialog and shows it in the table', readOnly, async () => {
    added = await addRow(
      page,
      r,
      {},
      [search?.key, edit?.key].filter((k): k is string => Boolean(k)),
    );
    await showRows(page, r, [added.id]);
    const row = rowById(page, r, added.id);
    // Values as typed, choices by their label, each in its own column.
    const shown = Object.entries(added.entered).filter(([k]) => r.fields[k].list && r.fields[k].type !== 'order');
    expect(shown.length).toBeGreaterThan(0);
    for (const [k, v] of shown) expect(await cellText(page, r, row, r.fields[k].label.zh), k).toBe(v);
  });

  step(`searches by ${nameOf(search)} and shows only matching rows, then resets`, readOnly || noSearch, async () => {
    const s = search!;
    const value = added.entered[s.key];
    const query = await searchBy(page, r, s, value);
    expect(query.get(searchParam(s))).toEqual(s.kind === 'select' ? expect.any(String) : value);
    if (s.kind === 'select') {
      // Several rows may share a choice: every row shown has it.
      await showRows(page, r, [added.id], { [searchParam(s)]: query.get(searchParam(s))! });
      for (const row of await bodyRows(page, r).all()) expect(await cellText(page, r, row, s.f.label.zh)).toBe(value);
    } else {
      await eventually(() => bodyRows(page, r).count()).toBe(1);
      await rowById(page, r, added.id).waitFor();
    }

    const cleared = await resetSearch(page, r, s);
    expect(cleared.has(searchParam(s))).toBe(false);
    expect(await searchShown(page, s)).toBe('');
    await showRows(page, r, [other!]);
    await showRows(page, r, [added.id]);
  });

  step(`edits ${nameOf(edit)} and shows the new value`, readOnly || (!edit && 'no editable listed field'), async () => {
    const e = edit!;
    await showRows(page, r, [added.id]);
    await openDialog(page, page.getByTestId(`row-edit-${added.id}`));
    // The dialog reads the row again (detail) and fills the form with it.
    await eventually(() => shownValue(page, e.key)).not.toBe('');
    if (added.entered[e.key] !== undefined) expect(await shownValue(page, e.key)).toBe(added.entered[e.key]);
    const input = dialog(page).getByTestId(`field-${e.key}`);
    let value: string;
    if (e.kind === 'select') value = await pickOption(page, input, { avoid: await shownValue(page, e.key) });
    else if (e.kind === 'number') value = await fillField(page, r, e.key, e.f, String(await freeInt(page, r, e.key, e.f)));
    else value = await fillField(page, r, e.key, e.f, textFor(e.f, `${uniq()}x`));
    expect(value).not.toBe(added.entered[e.key]);
    const saved = writeResponse(page, r, 'submit');
    const reloaded = listResponse(page, r);
    await expectToast(page, '更新成功', () => page.getByTestId('dialog-submit').click());
    const answer = (await (await saved).json()).data;
    if (e.kind !== 'select') expect(String(answer[e.key])).toBe(value);
    await reloaded;
    await dialog(page).waitFor({ state: 'hidden' });
    // A new value of the field the list is ordered by may move the row to another page.
    await showRows(page, r, [added.id]);
    await eventually(() => cellText(page, r, rowById(page, r, added.id), e.f.label.zh)).toBe(value);
    added.entered[e.key] = value;
  });

  const viewed = edit ?? (search?.kind === 'text' ? search : undefined);
  step(`views the row in a read-only dialog without a submit button`, readOnly || (!viewed && 'no field it can read back'), async () => {
    const v = viewed!;
    await showRows(page, r, [added.id]);
    await openDialog(page, page.getByTestId(`row-view-${added.id}`));
    await eventually(() => shownValue(page, v.key)).toBe(added.entered[v.key]);
    // Fields set only on creation (secrets) are not shown for an existing row.
    const shown = dialogFields(r).filter(([, f]) => !(typeof f.form === 'object' && f.form.createOnly));
    for (const [key] of shown) expect(await isEditable(page, key), key).toBe(false);
    expect(await dialog(page).getByTestId('dialog-submit').count()).toBe(0);
    expect(await dialog(page).locator('.ant-modal-footer .ant-btn-primary:visible').count()).toBe(0);
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
  });

  const required = requiredEmpty(r).filter(([k]) => !(proposedOnAdd[r.name] ?? []).includes(k));
  const order = Object.entries(r.fields).find(([, f]) => f.type === 'order' && !f.serverOnly);
  step(
    `validates the add dialog: first field focused, ${required.length} required messages${order ? ', digit-only order codes' : ''}${shared ? ', no closing on the mask' : ''}`,
    readOnly,
    async () => {
      const submits: string[] = [];
      const onRequest = (req: Request) => {
        if (req.method() === 'POST' && req.url().includes(`${r.api}/submit`)) submits.push(req.url());
      };
      page.on('request', onRequest);
      try {
        await openDialog(page, page.getByTestId('btn-add'));
        // The first field has the focus (antd gives form inputs the field's name as id).
        await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe(dialogFields(r)[0][0]);
        await page.getByTestId('dialog-submit').click();

        await eventually(async () => (await dialogErrors(page)).length).toBe(required.length);
        for (const [k, f] of required)
          expect(await formItem(page, k).locator('.ant-form-item-explain-error').innerText(), k).toBe(requiredText(f));

        if (order) {
          await page.getByTestId(`field-${order[0]}`).fill('ab');
          await formItem(page, order[0]).locator('.ant-form-item-explain-error', { hasText: '排序只能输入数字' }).waitFor();
          await page.getByTestId('dialog-submit').click();
        }

        if (shared) {
          // A click on the mask, outside the dialog, leaves it open with its messages.
          const box = await dialog(page).locator('.ant-modal').boundingBox();
          expect(box && box.x > 20 && box.y > 20).toBe(true);
          await page.mouse.click(10, 10);
          await page.waitForTimeout(400); // a closing dialog would be animating away by now
          expect(await settled(dialog(page), '.ant-modal').isVisible()).toBe(true);
          if (required.length || order) expect(await dialogErrors(page)).not.toHaveLength(0);
        }

        await page.getByTestId('dialog-cancel').click();
        await dialog(page).waitFor({ state: 'hidden' });
      } finally {
        page.off('request', onRequest);
      }
      expect(submits).toEqual([]);
    },
  );

  step(
    `shows 暂无数据 when a search by ${nameOf(search)} matches nothing`,
    noSearch || (search?.kind === 'select' && 'only a choice to search by: no value is sure to match nothing'),
    async () => {
      const s = search!;
      const nothing = s.kind === 'number' ? String(await freeInt(page, r, s.key, s.f)) : `nomatch${uniq()}`.slice(0, s.f.max ?? 255);
      await searchBy(page, r, s, nothing);
      await emptyText(page, r).waitFor();
      expect(await emptyText(page, r).innerText()).toBe('暂无数据');
      expect(await bodyRows(page, r).count()).toBe(0);
      await resetSearch(page, r, s);
      if (other) await showRows(page, r, [other]);
    },
  );

  step(`offers ${r.tree ? 'no paging (a tree)' : 'page sizes 10/30/50/100/200'}`, sharedOnly(sharedChecksOn), async () => {
    const pagination = screen(page, r).locator('.ant-pagination');
    if (r.tree) {
      expect(await pagination.count()).toBe(0);
      return;
    }
    const changer = pagination.locator('.ant-pagination-options .ant-select');
    expect(await changer.innerText()).toMatch(/^10\b/);
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const offered = async () => {
      // Opens the size menu (again, should a late re-render have closed it) and reads its options.
      if (!(await changer.getAttribute('class'))?.includes('ant-select-open')) await changer.click();
      return (await dropdown.locator('.ant-select-item-option').allInnerTexts()).map((t) => Number.parseInt(t, 10));
    };
    await eventually(offered).toEqual(PAGE_SIZES);
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').innerText()).toMatch(/^10\b/);
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  });

  step('switches its labels to English and back', sharedOnly(languageChecksOn), async () => {
    const title = page.getByTestId('page-title');
    const firstListed = Object.values(r.fields).find((f) => f.list)!;
    const labels = async () => ({
      header: await screen(page, r).locator('.ant-pro-table-list-toolbar-title').innerText(),
      columns: await headers(page, r),
      search: (await page.getByTestId('btn-search').innerText()).replace(/\s/g, ''),
      add: writable ? (await page.getByTestId('btn-add').innerText()).replace(/\s/g, '') : undefined,
      searchLabel: search ? await screen(page, r).locator(`.ant-form-item-label label[for="${search.key}"]`).innerText() : undefined,
    });

    await page.getByTestId('lang-switch').click();
    await eventually(() => title.innerText()).toBe(r.label.en);
    const en = await labels();
    expect(en.header).toBe(r.label.en);
    expect(en.columns).toContain(firstListed.label.en);
    expect(en.search).toBe('Query');
    expect(en.add).toBe(writable ? 'Add' : undefined);
    expect(en.searchLabel).toBe(search?.f.label.en);

    await page.getByTestId('lang-switch').click();
    await eventually(() => title.innerText()).toBe(r.label.zh);
    const zh = await labels();
    expect(zh.header).toBe(r.label.zh);
    expect(zh.columns).toContain(firstListed.label.zh);
    expect(zh.search).toBe('查询');
    expect(zh.add).toBe(writable ? '新增' : undefined);
    expect(zh.searchLabel).toBe(search?.f.label.zh);
  });

  step('deletes the row after the confirmation', readOnly || noRemove, async () => {
    await showRows(page, r, [added.id]);
    await page.getByTestId(`row-delete-${added.id}`).click();
    const removedIds = writeResponse(page, r, 'remove');
    const reloaded = listResponse(page, r);
    await expectToast(page, '删除成功', () => confirmDelete(page));
    expect(new URL((await removedIds).url()).searchParams.get('ids')).toBe(added.id);
    await reloaded;
    await rowById(page, r, added.id).waitFor({ state: 'detached' });
    await showRows(page, r, [other!]);
  });

  step(
    `bulk delete ${shared ? 'asks for a selection, then ' : ''}removes two selected rows in one call`,
    readOnly || noRemove,
    async () => {
      if (shared) {
        await expectToast(page, '请选择至少一条数据', () => page.getByTestId('btn-batch-delete').click());
        expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
      }
      // The two rows made through the API at the start, shown together.
      const ids = [other!, spare!];
      await showRows(page, r, ids);
      for (const id of ids) await rowById(page, r, id).locator('.ant-checkbox-input').check();

      await page.getByTestId('btn-batch-delete').click();
      const removedIds = writeResponse(page, r, 'remove');
      const reloaded = listResponse(page, r);
      await expectToast(page, '删除成功', () => confirmDelete(page));
      expect(new URL((await removedIds).url()).searchParams.get('ids')?.split(',').sort()).toEqual([...ids].sort());
      removed = true;
      await reloaded;
      for (const id of ids) await rowById(page, r, id).waitFor({ state: 'detached' });
      expect(await bodyRows(page, r).locator('.ant-checkbox-input:checked').count()).toBe(0);
    },
  );
}
