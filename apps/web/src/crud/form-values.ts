import type { FieldDef, Resource } from '@civdesk/meta';
import dayjs from 'dayjs';
import type { Row } from './crud-api.ts';
import { DATE, DATETIME } from './list-query.ts';

export type FormMode = 'create' | 'update' | 'view';

export type FormField = { key: string; f: FieldDef; readOnly: boolean; span: number; group?: string };

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const multi = (f: FieldDef) => f.type === 'multiEnum' || f.type === 'multiRef';

/** Fields the dialog shows: not form:false, not server-only, createOnly ones only when creating. */
export function formFields(r: Resource, mode: FormMode): FormField[] {
  const out: FormField[] = [];
  for (const [key, f] of Object.entries(r.fields)) {
    if (f.form === false || f.serverOnly) continue;
    const hint = typeof f.form === 'object' ? f.form : {};
    if (hint.createOnly && mode !== 'create') continue;
    out.push({ key, f, readOnly: mode === 'view' || Boolean(hint.readOnly), span: hint.span ?? 12, group: hint.group });
  }
  return out;
}

/** Fields grouped by `form.group`, in the order of the resource's `groups`; ungrouped ones first. */
export function groupFields(r: Resource, fields: FormField[]): { key: string; fields: FormField[] }[] {
  const order = ['', ...Object.keys(r.groups ?? {})];
  const groups = new Map<string, FormField[]>();
  for (const ff of fields) {
    const g = ff.group && order.includes(ff.group) ? ff.group : '';
    groups.set(g, [...(groups.get(g) ?? []), ff]);
  }
  return order.filter((g) => groups.has(g)).map((g) => ({ key: g, fields: groups.get(g) as FormField[] }));
}

/** A server value as the widget holds it (comma lists → arrays, dates → dayjs, root parent → empty). */
export function toFormValue(f: FieldDef, v: unknown): unknown {
  if (isEmpty(v)) return undefined;
  if (multi(f)) return Array.isArray(v) ? v : String(v).split(',');
  if (f.type === 'parent' && String(v) === '0') return undefined;
  if (f.type === 'date' || f.type === 'datetime') {
    const d = dayjs(String(v), f.type === 'date' ? DATE : DATETIME);
    return d.isValid() ? d : v;
  }
  if (f.type === 'ref' || f.type === 'parent') return String(v);
  return v;
}

export function toFormValues(fields: FormField[], row: Row): Record<string, unknown> {
  return Object.fromEntries(fields.map(({ key, f }) => [key, toFormValue(f, row[key])]));
}

/** Defaults for a new row, taken from the definitions. */
export function defaultValues(fields: FormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter(({ f }) => f.default !== undefined).map(({ key, f }) => [key, toFormValue(f, f.default)]));
}

/** A screen's own starting values (server shape) as the widgets hold them; unknown keys are dropped. */
export function presetValues(fields: FormField[], preset: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(fields.filter(({ key }) => preset[key] !== undefined).map(({ key, f }) => [key, toFormValue(f, preset[key])]));
}

/**
 * A widget value as the server takes it: dates formatted, lists comma-joined, an empty parent is
 * the root (0). On update an emptied field is sent as '' so it is cleared (the schema checks
 * required ones); on create it is left out so the server default applies.
 */
export function toWire(f: FieldDef, v: unknown, mode: FormMode): unknown {
  if (f.type === 'parent' && isEmpty(v)) return '0';
  if (f.type === 'password' && isEmpty(v)) return undefined; // a secret left blank is kept as it is
  if (isEmpty(v)) return mode === 'update' ? '' : undefined;
  if (dayjs.isDayjs(v)) return v.format(f.type === 'date' ? DATE : DATETIME);
  if (Array.isArray(v)) return v.map(String).join(',');
  return v;
}

/** The submit body before validation: editable fields only, id added when updating. */
export function toBody(fields: FormField[], values: Record<string, unknown>, mode: FormMode, id?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, f, readOnly } of fields) {
    if (readOnly) continue;
    const v = toWire(f, values[key], mode);
    if (v !== undefined) body[key] = v;
  }
  if (mode === 'update' && id) body.id = id;
  return body;
}
