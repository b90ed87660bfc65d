import type { Queryable } from '@civdesk/db';
import type { FieldDef, Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import { lookupDictionaries } from '../dictionary/dict-client.routes.ts';

export type Column = { key: string; f: FieldDef; header: string };
/** For one field: value ↔ label, both ways (dictionaries, options, referenced rows). */
export type Choices = { toLabel: Map<string, string>; fromLabel: Map<string, string> };

const choiceTypes = new Set(['dict', 'enum', 'multiEnum', 'ref', 'multiRef']);
const multi = (f: FieldDef) => f.type === 'multiEnum' || f.type === 'multiRef';
const MAX_REF_ROWS = 20_000;

/** The columns of an export: the list's columns plus the creation time. */
export function exportColumns(r: Resource): Column[] {
  const listed = Object.entries(r.allFields).filter(([k, f]) => f.list && f.type !== 'password' && k !== 'createTime');
  return [...listed, ['createTime', r.allFields.createTime] as const].map(([key, f]) => ({ key, f, header: f.label.zh }));
}

/** The columns of the import template: what the add form asks for, required ones marked with *. */
export function importColumns(r: Resource): Column[] {
  return Object.entries(r.fields)
    .filter(([, f]) => !f.serverOnly && f.form !== false && f.type !== 'password' && !(typeof f.form === 'object' && f.form.readOnly))
    .map(([key, f]) => ({ key, f, header: `${f.label.zh}${f.required ? '*' : ''}` }));
}

/** Labels of every choice field among the columns, read once per export or import. */
export async function loadChoices(db: Queryable, s: Scope, cols: Column[]): Promise<Map<string, Choices>> {
  const out = new Map<string, Choices>();
  const put = (key: string, pairs: [string, string][]) => {
    const c: Choices = { toLabel: new Map(), fromLabel: new Map() };
    for (const [v, label] of pairs) {
      c.toLabel.set(v, label);
      // A label two rows share cannot name one of them: such labels are not accepted on import.
      c.fromLabel.set(label, c.fromLabel.has(label) ? '' : v);
    }
    out.set(key, c);
  };
  const dictCodes = cols.filter((c) => c.f.type === 'dict' && c.f.dict).map((c) => c.f.dict as string);
  const dicts = dictCodes.length ? await lookupDictionaries(db, s, [...new Set(dictCodes)]) : {};
  for (const { key, f } of cols) {
    if (f.type === 'dict' && f.dict)
      put(
        key,
        (dicts[f.dict] ?? []).map((d) => [d.dictKey, d.dictValue]),
      );
    else if (f.options)
      put(
        key,
        f.options.map((o) => [String(o.value), o.label.zh]),
      );
    else if (f.ref && (choiceTypes.has(f.type) || f.ref.valueField)) {
      const target = resourceByName.get(f.ref.resource);
      if (!target) continue;
      const valueField = f.ref.valueField ?? 'id';
      const t = sqlOf(target);
      const rows = await db.query<{ v: string; l: string }>(
        `select ${t.c[valueField]}::text as v, ${t.c[f.ref.labelField]}::text as l from ${t.table}
          where ${t.live(target.tenant ? '$1' : ALL_TENANTS)} limit ${MAX_REF_ROWS}`,
        target.tenant ? [s.caller.tenantId] : [],
      );
      put(
        key,
        rows.map((r) => [r.v, r.l]),
      );
    }
  }
  return out;
}

/** A stored value as the cell shows it: labels for choices, several joined by commas. */
export function toCell(f: FieldDef, v: unknown, choices?: Choices): string | number {
  if (v === null || v === undefined) return '';
  if (!choices) return typeof v === 'number' ? v : String(v);
  const parts = multi(f) ? String(v).split(',') : [String(v)];
  return parts.map((p) => choices.toLabel.get(p) ?? p).join(',');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the submit schema takes it: labels back to keys/ids, Excel dates to the product's text. */
export function fromCell(f: FieldDef, cell: unknown, choices?: Choices): unknown {
  if (cell === null || cell === undefined) return undefined;
  let v: unknown = cell;
  if (typeof cell === 'object' && cell !== null && 'text' in cell) v = (cell as { text: unknown }).text; // rich text / hyperlink cells
  if (v instanceof Date) {
    const d = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    return f.type === 'datetime' ? `${d} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}` : d;
  }
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return { invalid: true };
  const text = String(v).trim();
  if (text === '') return undefined;
  if (!choices) return typeof v === 'number' ? v : text;
  const parts = multi(f) ? text.split(/[,，]/).map((p) => p.trim()) : [text];
  // A key (or id) is taken as it is; otherwise the label must name exactly one choice.
  return parts.map((p) => (choices.toLabel.has(p) ? p : choices.fromLabel.get(p) || p)).join(',');
}
