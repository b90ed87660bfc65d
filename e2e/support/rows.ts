import type { FieldDef, Resource } from '@civdesk/meta';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { firstOfOneOf, nowText, refTarget, someInt, typedText, widgetOf } from './values.ts';

// Rows a test sets up through the API rather than the dialog, called from inside the signed-in
// page with the app's own client and token.

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

export type ApiRow = Record<string, unknown> & { children?: ApiRow[] };
/** Rows of a list answer: a page's records or a (flattened) forest. */
export function rowsOf(data: ApiRow[] | { records?: ApiRow[] } | null): ApiRow[] {
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  return rows.flatMap((row) => [row, ...rowsOf(row.children ?? [])]);
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
 * A valid submit body for a new row: required and defaulted fields and the first of each one-of group, `values` overriding any.
 * Fields of a unique combination (`uniqueTogether`) take the 2nd, 3rd… choice in successive API
 * rows, so they never collide with each other nor with the dialog's row, which takes the 1st.
 */
export async function sampleBody(page: Page, r: Resource, values: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const combined = new Set((r.uniqueTogether ?? []).flatMap((u) => u.fields));
  const oneOf = firstOfOneOf(r);
  const nth = (apiRows.get(r.name) ?? 0) + 1;
  apiRows.set(r.name, nth);
  for (const [key, f] of Object.entries(r.fields)) {
    if (f.serverOnly) continue;
    if (key in values) body[key] = values[key];
    else if (f.default !== undefined) body[key] = f.default;
    else if (f.required || oneOf.has(key)) body[key] = await sampleValue(page, r, key, f, combined.has(key) ? nth : 0);
  }
  return body;
}

/** Creates a row through the API; resolves to its id. */
export async function createRow(page: Page, r: Resource, values: Record<string, unknown> = {}): Promise<string> {
  const created = await apiCall(page, 'POST', `${r.api}/submit`, await sampleBody(page, r, values));
  expect(created.status, `${r.name} submit: ${JSON.stringify(created.body)}`).toBe(200);
  return created.body.data.id;
}
