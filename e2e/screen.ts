import type { FieldDef, Resource } from '@civdesk/meta';
import { registry, resourceByName } from '@civdesk/resources';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { PLATFORM_ADMIN } from './accounts.ts';

// Helpers for driving the generic resource screen (apps/web/src/crud) the way a user does.
// Everything a test fills or expects is derived from the resource definitions.

/** Resources that have a list screen: the same rule the sidebar menu uses (apps/web/src/shell/menu.ts). */
/** Screens that are not one generic list, walked by a test of their own instead (the file named). */
export const ownWalks: Readonly<Record<string, string>> = { dict: 'system-dict.e2e.ts', 'dict-biz': 'system-dict.e2e.ts' };

export const listedResources: Resource[] = registry.filter(
  (r) => (r.routes.includes('page') || r.routes.includes('list')) && !ownWalks[r.name],
);

/** Shared reference data is edited by the platform tenant; tenant data by a tenant's own administrator. */
export const ownerOf = (r: Resource): [string, string, string] =>
  r.tenant ? ['admin', 'admin', '100001'] : [PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId];

/** Rows can be added and edited (the API has `submit`); read-only lists (records, logs) cannot. */
export const canSubmit = (r: Resource) => r.routes.includes('submit');
export const canRemove = (r: Resource) => r.routes.includes('remove');

const firstFlat = listedResources.find((r) => !r.tree && canSubmit(r));
const firstTree = listedResources.find((r) => r.tree && canSubmit(r));
const firstReadOnly = listedResources.find((r) => !canSubmit(r));
const names = (...rs: (Resource | undefined)[]) => new Set(rs.flatMap((r) => (r ? [r.name] : [])));

/**
 * Checks of behaviour every screen shares (page sizes, the empty-selection warning, the dialog's
 * mask) run on representative screens only: the first flat and the first tree resource of the
 * registry; the language switch also on the first read-only list (its toolbar differs).
 */
export const sharedChecksOn: ReadonlySet<string> = names(firstFlat, firstTree);
export const languageChecksOn: ReadonlySet<string> = names(firstFlat, firstTree, firstReadOnly);

let counter = 0;
/** Short, unique and alphanumeric (fits `tenantCode`: 12 characters, letters and digits). */
export const uniq = () => `${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 4)}`;

/** Fields the add dialog shows and the user can type into (mirrors formFields in form-values.ts). */
export function dialogFields(r: Resource): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, f]) => {
    if (f.form === false || f.serverOnly) return false;
    const hint = typeof f.form === 'object' ? f.form : {};
    return !hint.readOnly;
  });
}

const selectTypes = new Set(['enum', 'multiEnum', 'dict', 'ref', 'multiRef', 'parent', 'date', 'datetime']);

/** The message under an empty required field ('请输入…' for inputs, '请选择…' for choices). */
export const requiredText = (f: FieldDef) =>
  typeof f.required === 'string' ? f.required : `${selectTypes.has(f.type) ? '请选择' : '请输入'}${f.label.zh}`;

/** Required fields the dialog leaves empty for a new row (those with a default come prefilled). */
export const requiredEmpty = (r: Resource) => dialogFields(r).filter(([, f]) => f.required && f.default === undefined);

// ---- how the dialog and the search bar show a field ----

/** The widget of a field, as widgetByType (apps/web/src/crud/form-fields.tsx) picks it. */
export type Widget = 'text' | 'number' | 'select' | 'multiSelect' | 'tree' | 'multiTree' | 'date' | 'datetime';

/**
 * The registered resource a reference points at (`ref`/`multiRef`, or a `string` with
 * `ref.valueField`); undefined for free input, including references to resources not registered yet.
 */
export function refTarget(f: FieldDef): Resource | undefined {
  if (!f.ref || (f.type === 'string' ? !f.ref.valueField : f.type !== 'ref' && f.type !== 'multiRef')) return undefined;
  return resourceByName.get(f.ref.resource);
}

export function widgetOf(f: FieldDef): Widget {
  switch (f.type) {
    case 'int':
      return 'number';
    case 'enum':
    case 'dict':
      return 'select';
    case 'multiEnum':
      return 'multiSelect';
    case 'date':
    case 'datetime':
      return f.type;
    case 'parent':
      return 'tree';
    case 'string':
    case 'ref':
    case 'multiRef': {
      const target = refTarget(f);
      if (!target) return 'text'; // a reference to a resource not registered yet is typed as an id
      const multiple = f.type === 'multiRef';
      if (target.tree && !f.ref?.valueField) return multiple ? 'multiTree' : 'tree';
      return multiple ? 'multiSelect' : 'select';
    }
    default:
      return 'text'; // text, decimal, order, image, file, richText, password
  }
}

/** What a test reads and sets a field through: an input (text, number) or a choice. */
export type Kind = 'text' | 'number' | 'select';
const kindOf = (f: FieldDef): Kind => {
  const w = widgetOf(f);
  return w === 'number' ? 'number' : w === 'text' ? 'text' : 'select';
};

const textTypes = new Set(['string', 'text', 'richText', 'image', 'file']);
/** Free text: any text within the length limit is valid (no pattern, no format the example shows). */
const freeText = (f: FieldDef) => textTypes.has(f.type) && kindOf(f) === 'text' && !f.pattern && f.example === undefined && !f.ref;

export type FieldRef = { key: string; f: FieldDef; kind: Kind };

/**
 * The field a user searches by: the first free-text search field (one the dialog asks for first),
 * else an equality search on a number, else on a choice. Writable resources only search by fields
 * the dialog fills, so the new row has a value to look for.
 */
export function searchField(r: Resource): FieldRef | undefined {
  const fillable = new Set(dialogFields(r).map(([k]) => k));
  const searched = Object.entries(r.fields)
    .filter(([k, f]) => f.search && !f.serverOnly && (!canSubmit(r) || fillable.has(k)))
    .map(([key, f]) => ({ key, f, kind: kindOf(f) }));
  // A text search looks for the unique text the test typed: not a field typed from its example.
  const like = searched.filter(
    ({ f }) =>
      (f.search === true || f.search === 'like') &&
      textTypes.has(f.type) &&
      kindOf(f) === 'text' &&
      f.example === undefined &&
      (!f.pattern || new RegExp(f.pattern.regex).test(textFor(f))),
  );
  const equal = searched.filter(({ f }) => f.search === 'equal' || (f.search === true && !textTypes.has(f.type)));
  return (
    like.find(({ f }) => f.required) ??
    like[0] ??
    equal.find(({ kind, f }) => kind === 'number' && f.type === 'int') ??
    equal.find(({ f }) => widgetOf(f) === 'select')
  );
}

/** The query parameter a search sends (text fields: LIKE on the field itself; others `_equal`). */
export const searchParam = (s: FieldRef) => (s.kind === 'text' ? s.key : `${s.key}_equal`);

/**
 * A listed field the edit step changes, the simplest first: free text (not unique, then unique),
 * a whole number, a choice with more than one option.
 */
export function editField(r: Resource): FieldRef | undefined {
  const listed = dialogFields(r)
    .filter(([, f]) => f.list)
    .map(([key, f]) => ({ key, f, kind: kindOf(f) }));
  return (
    listed.find(({ f }) => freeText(f) && !f.unique) ??
    listed.find(({ f }) => freeText(f)) ??
    listed.find(({ f }) => f.type === 'int') ??
    listed.find(({ f }) => widgetOf(f) === 'select' && (f.type !== 'enum' || (f.options?.length ?? 0) > 1))
  );
}

/** A valid unique text for a field, within its length limits. */
export function textFor(f: FieldDef, tag = uniq()): string {
  return `e2e${tag}`.slice(0, f.max ?? 255).padEnd(f.min ?? 0, '0');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Now, as a date or date-time field holds it (yyyy-MM-dd[ HH:mm:ss]). */
export function nowText(type: 'date' | 'datetime'): string {
  const d = new Date();
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return type === 'date' ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * What a user types into a text input: the field's example when it has one (JSON, a URL matching
 * its pattern), an id for a reference to a resource not registered yet, a password, an order code,
 * otherwise a unique text.
 */
export function typedText(r: Resource, key: string, f: FieldDef): string {
  if (f.type === 'order') return '1';
  if (f.ref && (f.type !== 'string' || f.ref.valueField)) return '1'; // a resource not registered yet: typed as an id
  if (f.type === 'password') return `Pw${uniq()}`.slice(0, f.max ?? 255);
  if (f.example !== undefined && !f.unique) return String(f.example);
  if (f.type === 'decimal') return '1';
  const text = textFor(f);
  if (f.pattern && !new RegExp(f.pattern.regex).test(text))
    throw new Error(`${r.name}.${key}: give the field an example matching its pattern`);
  return text;
}

const usedInts = new Set<string>();
/**
 * A whole number within the field's limits that no live row has yet (unique fields), at random.
 * When the list is ordered by the field (holiday years, newest first) it lies just beyond the
 * current first row, so the new row shows on the first page like any other new row.
 */
export async function freeInt(page: Page, r: Resource, key: string, f: FieldDef): Promise<number> {
  const listPath = `${r.api}/${r.routes.includes('page') ? 'page' : 'list'}`;
  let lo = f.min ?? 1;
  let hi = f.max ?? 999_999;
  const order = r.defaultSort[0];
  if (order?.field === key) {
    const first = await apiCall(page, 'GET', `${listPath}?current=1&size=1`);
    const edge = Number(rowsOf(first.body.data)[0]?.[key]);
    if (Number.isFinite(edge)) {
      // Just beyond it: the range then lasts for the few rows a run makes.
      if (order.dir === 'desc') [lo, hi] = [Math.max(lo, edge + 1), Math.min(hi, edge + 5)];
      else [lo, hi] = [Math.max(lo, edge - 5), Math.min(hi, edge - 1)];
    }
  }
  for (let i = 0; i < 40 && lo <= hi; i++) {
    const v = lo + Math.floor(Math.random() * (hi - lo + 1));
    if (usedInts.has(`${r.name}.${key}=${v}`)) continue;
    usedInts.add(`${r.name}.${key}=${v}`);
    const found = await apiCall(page, 'GET', `${listPath}?${key}_equal=${v}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    if (rowsOf(found.body.data).length === 0) return v;
  }
  throw new Error(`${r.name}.${key}: no free value between ${lo} and ${hi}`);
}

/** A valid whole number for a non-unique field: its example, else 1 within its limits. */
const someInt = (f: FieldDef) => Number(f.example ?? Math.min(Math.max(f.min ?? 0, 1), f.max ?? 1));

// ---- the page ----

export const screen = (page: Page, r: Resource) => page.getByTestId(`resource-page-${r.name}`);
export const dialog = (page: Page) => page.getByTestId('resource-dialog');
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

export const DELETE_CONFIRM = '确定将选择数据删除?';

/**
 * Polls `read` until the check passes, for up to 10 s (a busy 2-core machine); then fails with the
 * last check's error. A read that throws (an element not there yet) is retried too. Unlike
 * expect.poll it needs no current test, so it works in the lanes that run side by side.
 */
export function eventually<T>(read: () => T | Promise<T>) {
  const poll = async (check: (value: T) => void) => {
    const until = Date.now() + 10_000;
    for (;;) {
      try {
        check(await read());
        return;
      } catch (e) {
        if (Date.now() > until) throw e;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    toBe: (expected: T) => poll((v) => expect(v).toBe(expected)),
    toEqual: (expected: T) => poll((v) => expect(v).toEqual(expected)),
    not: { toBe: (unexpected: T) => poll((v) => expect(v).not.toBe(unexpected)) },
  };
}

/**
 * A promise awaited later: marked handled now, so that when an earlier step fails first it does not
 * also surface as an unhandled rejection. Awaiting it still throws.
 */
function later<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** A modal (dialog or confirmation) that has finished its opening animation: clicks now reach it. */
export const settled = (scope: Page | Locator, css: string) => scope.locator(`${css}:not(.ant-zoom)`);

/** Opens the add/edit/view dialog with `trigger` and waits until its form is loaded and shown. */
export async function openDialog(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  await settled(dialog(page), '.ant-modal').waitFor();
  // The form (and its footer) replaces a spinner once the dialog's request (defaults or detail) is done.
  await page.getByTestId('dialog-cancel').waitFor();
  return dialog(page);
}

/** Waits for the delete confirmation, checks its text and confirms. */
export async function confirmDelete(page: Page): Promise<void> {
  const confirm = settled(page, '.ant-modal-confirm');
  await confirm.waitFor();
  expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toBe(DELETE_CONFIRM);
  await page.getByTestId('confirm-ok').click();
}

/** The next answer to the list request of a screen (`page` for flat resources, `list` for trees). */
export function listResponse(page: Page, r: Resource, test: (url: URL) => boolean = () => true): Promise<Response> {
  const path = `${r.api}/${r.tree ? 'list' : 'page'}`;
  return later(
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === path && res.request().method() === 'GET' && test(url);
    }),
  );
}

/** The next POST to one of the resource's write routes (submit, remove). */
export const writeResponse = (page: Page, r: Resource, route: 'submit' | 'remove') =>
  later(page.waitForResponse((res) => new URL(res.url()).pathname === `${r.api}/${route}` && res.request().method() === 'POST'));

/**
 * Runs `act` and waits for a new toast with `text`. Toasts already on screen are marked first, so a
 * toast left over from an earlier step (they stay for 3 s) never counts.
 */
export async function expectToast(page: Page, text: string, act: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    for (const n of document.querySelectorAll('.ant-message-notice')) n.setAttribute('data-seen', '1');
  });
  await act();
  await page.locator('.ant-message-notice:not([data-seen])', { hasText: text }).first().waitFor();
}

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Opens a select and picks an option from its dropdown: the one titled `label`, else the first one
 * not titled `avoid`. Several-choice selects stay open after a pick and are closed with Escape.
 * Returns the picked option's text.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  { label, avoid, multiple = false }: { label?: string; avoid?: string; multiple?: boolean } = {},
): Promise<string> {
  await select.click();
  const options = openDropdown(page).locator('.ant-select-item-option');
  await options.first().waitFor();
  // A several-choice select adds an option not chosen yet (a chosen one would be taken away).
  const candidates = multiple ? options.and(page.locator(':not(.ant-select-item-option-selected)')) : options;
  const option =
    label !== undefined
      ? candidates.and(page.locator(`[title="${label}"]`))
      : avoid !== undefined
        ? candidates.and(page.locator(`:not([title="${avoid}"])`)).first()
        : candidates.first();
  const text = (await option.getAttribute('title')) ?? (await option.innerText());
  await option.click();
  if (multiple) await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'hidden' });
  return text;
}

/**
 * Opens a tree select and picks its first node (checks it in a several-choice tree). Once the
 * choice shows in the select, an open dropdown is closed with Escape, as a keyboard user does: a
 * several-choice tree stays open for more, and a single one that closes itself is left alone. The
 * dialog must still be open afterwards: Escape closes the dropdown, not the dialog around it.
 */
export async function pickTreeNode(page: Page, select: Locator, multiple = false): Promise<string> {
  await select.click();
  const node = openDropdown(page).locator('.ant-select-tree-treenode:not([aria-hidden])').first();
  await node.waitFor();
  const title = node.locator('.ant-select-tree-node-content-wrapper');
  const text = (await title.getAttribute('title')) ?? (await title.innerText());
  await (multiple ? node.locator('.ant-select-tree-checkbox') : title).click();
  // The choice registered: the select shows it (a checked branch shows its checked leaves).
  if (multiple) {
    await node.locator('.ant-select-tree-checkbox-checked').waitFor();
    await select.locator('.ant-select-selection-item').first().waitFor();
  } else await eventually(() => select.locator('.ant-select-selection-item').innerText()).toBe(text);
  // A single tree closes in the same render that shows the choice: still expanded now, it stays open.
  if ((await select.locator('[role="combobox"]').getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'hidden' });
  // The dialog neither closed nor started closing (it would be animating).
  expect(await settled(dialog(page), '.ant-modal').isVisible(), 'the dialog stays open').toBe(true);
  return text;
}

/** Where a page stands, for a failure's message: its address, and any dialog or message it shows. */
export async function whereIs(page: Page): Promise<string> {
  const shown = await page
    .locator('.ant-modal:visible, .ant-message-notice:visible, .ant-result:visible')
    .allInnerTexts()
    .catch(() => []);
  return `page at ${page.url()}${shown.length ? `, showing: ${shown.join(' | ').replace(/\s+/g, ' ').slice(0, 300)}` : ''}`;
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

/** Texts of the dialog's error messages, in order. */
export const dialogErrors = (page: Page) => dialog(page).locator('.ant-form-item-explain-error').allInnerTexts();

/** The form item around a dialog field (label, control, messages). */
export const formItem = (page: Page, key: string) =>
  dialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(`field-${key}`) });

/** What a dialog field shows: an input's value, a select's chosen label(s). */
export async function shownValue(page: Page, key: string): Promise<string> {
  const field = dialog(page).getByTestId(`field-${key}`);
  if (await field.evaluate((el) => el.matches('input, textarea'))) return field.inputValue();
  // The rich-text editor: its text.
  if (await field.evaluate((el) => el.hasAttribute('data-rich-text'))) return (await field.innerText()).trim();
  return (await field.locator('.ant-select-selection-item').allInnerTexts()).join(', ');
}

/** Whether a dialog field can be changed (inputs: not disabled or read-only; selects and pickers: no antd disabled class). */
export const isEditable = (page: Page, key: string): Promise<boolean> =>
  dialog(page)
    .getByTestId(`field-${key}`)
    .evaluate((el) =>
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
        ? !el.disabled && !el.readOnly
        : el.hasAttribute('data-rich-text')
          ? (el as HTMLElement).isContentEditable
          : !/-disabled\b/.test(el.className),
    );

/** Sets one dialog field the way a user does; returns what the table will show (labels for choices). */
export async function fillField(page: Page, r: Resource, key: string, f: FieldDef, text?: string): Promise<string> {
  const input = dialog(page).getByTestId(`field-${key}`);
  const w = widgetOf(f);
  switch (w) {
    case 'select':
      return pickOption(page, input);
    case 'tree':
      return pickTreeNode(page, input);
    case 'multiSelect':
    case 'multiTree':
      // The table lists every chosen label, comma-separated.
      if (w === 'multiSelect') await pickOption(page, input, { multiple: true });
      else await pickTreeNode(page, input, true);
      return shownValue(page, key);
    case 'date':
    case 'datetime': {
      // Typed into the picker and confirmed with Enter, as a keyboard user does.
      const value = text ?? nowText(w);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
      await openDropdown(page).waitFor({ state: 'hidden' });
      expect(await input.inputValue()).toBe(value);
      return value;
    }
    case 'number': {
      const value = text ?? String(f.unique ? await freeInt(page, r, key, f) : someInt(f));
      await input.fill(value);
      return value;
    }
    case 'text': {
      const value = text ?? typedText(r, key, f);
      await input.fill(value);
      return value;
    }
  }
}

/**
 * Fills the add dialog: every required field without a default, the listed dictionary and option
 * selects (the table shows their label), and the fields named in `text` (with that text) or `also`.
 * Returns what was entered, labels for choices.
 */
export async function fillNewRow(
  page: Page,
  r: Resource,
  text: Record<string, string> = {},
  also: string[] = [],
): Promise<Record<string, string>> {
  const entered: Record<string, string> = {};
  for (const [key, f] of dialogFields(r)) {
    const choice = (f.type === 'dict' || f.type === 'enum') && f.default === undefined && Boolean(f.list);
    const wanted = (f.required && f.default === undefined) || choice || key in text || also.includes(key);
    if (wanted) entered[key] = await fillField(page, r, key, f, text[key]);
  }
  return entered;
}

/** Adds a row through the dialog; resolves to the new row's id and what was entered. */
export async function addRow(
  page: Page,
  r: Resource,
  text: Record<string, string> = {},
  also: string[] = [],
): Promise<{ id: string; entered: Record<string, string> }> {
  await openDialog(page, page.getByTestId('btn-add'));
  const entered = await fillNewRow(page, r, text, also);
  const saved = writeResponse(page, r, 'submit');
  const reloaded = listResponse(page, r);
  let id = '';
  await expectToast(page, '新增成功', async () => {
    await page.getByTestId('dialog-submit').click();
    const body = await (await saved).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    id = body.data.id;
  });
  await reloaded;
  await dialog(page).waitFor({ state: 'hidden' });
  return { id, entered };
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

// ---- direct API calls, for setting up rows a test does not create through the dialog ----

/** Calls the server from inside the signed-in page, with the app's own client and token. */
export async function apiCall(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the server's JSON answers, read by each caller in its own shape
): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const w = window as unknown as { e2eConfig?: { clientId: string; clientSecret: string } };
      w.e2eConfig ??= (await (await fetch('/api/civdesk/web-config')).json()).data;
      const config = w.e2eConfig!;
      const token = JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content;
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
          'Blade-Auth': `bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

type ApiRow = Record<string, unknown> & { children?: ApiRow[] };
/** Rows of a list answer: a page's records or a (flattened) forest. */
function rowsOf(data: ApiRow[] | { records?: ApiRow[] } | null): ApiRow[] {
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  return rows.flatMap((row) => [row, ...rowsOf(row.children ?? [])]);
}

/** A valid API value for one field: the same rules the dialog follows, the `nth` choice (or the last) for choices. */
export async function sampleValue(page: Page, r: Resource, key: string, f: FieldDef, nth = 0): Promise<unknown> {
  const w = widgetOf(f);
  const pick = <T>(list: T[]): T => list[Math.min(nth, list.length - 1)];
  if (f.type === 'enum' || f.type === 'multiEnum') return pick(f.options ?? []).value;
  if (f.type === 'dict') {
    const item = pick((await apiCall(page, 'GET', `/api/blade-system/dict/dictionary?code=${f.dict}`)).body.data as { dictKey: string }[]);
    expect(item, `${r.name}.${key}: an entry of dictionary ${f.dict}`).toBeDefined();
    return f.int ? Number(item.dictKey) : item.dictKey;
  }
  if (f.type === 'parent') return '0';
  const target = refTarget(f);
  if (target && f.ref) {
    const found = await apiCall(page, 'GET', `${target.api}/list`);
    const row = pick(rowsOf(found.body.data));
    expect(row, `${r.name}.${key}: a ${target.name} row to refer to`).toBeDefined();
    return String(row[f.ref.valueField ?? 'id']);
  }
  if (w === 'date' || w === 'datetime') return nowText(w);
  if (f.type === 'int') return f.unique ? freeInt(page, r, key, f) : someInt(f);
  return typedText(r, key, f);
}

const apiRows = new Map<string, number>();

/**
 * A valid submit body for a new row: required and defaulted fields, `values` overriding any.
 * Fields of a unique combination (`uniqueTogether`) take the 2nd, 3rd… choice in successive API
 * rows, so they never collide with each other nor with the dialog's row, which takes the 1st.
 */
export async function sampleBody(page: Page, r: Resource, values: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const combined = new Set((r.uniqueTogether ?? []).flatMap((u) => u.fields));
  const nth = (apiRows.get(r.name) ?? 0) + 1;
  apiRows.set(r.name, nth);
  for (const [key, f] of Object.entries(r.fields)) {
    if (f.serverOnly) continue;
    if (key in values) body[key] = values[key];
    else if (f.default !== undefined) body[key] = f.default;
    else if (f.required) body[key] = await sampleValue(page, r, key, f, combined.has(key) ? nth : 0);
  }
  return body;
}

/** Creates a row through the API; resolves to its id. */
export async function createRow(page: Page, r: Resource, values: Record<string, unknown> = {}): Promise<string> {
  const created = await apiCall(page, 'POST', `${r.api}/submit`, await sampleBody(page, r, values));
  expect(created.status, `${r.name} submit: ${JSON.stringify(created.body)}`).toBe(200);
  return created.body.data.id;
}

/** A grant/menu tree node as the server answers it. */
export type TreeNode = { id: string; title: string; children?: TreeNode[] };
/** The first node with this title, depth first. */
export const findNode = (nodes: TreeNode[], title: string): TreeNode | undefined =>
  nodes.reduce<TreeNode | undefined>((hit, n) => hit ?? (n.title === title ? n : findNode(n.children ?? [], title)), undefined);
