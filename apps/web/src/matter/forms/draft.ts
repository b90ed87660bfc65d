import { type FormFieldKind, type FormFieldSchema, type FormOption, type FormSchema, optionKinds } from '@civdesk/meta';

/** One row of the designer's draft: a group or a field, its group named by the group's fieldName. */
export type DraftRow = {
  key: string;
  fieldName: string;
  fieldLabel: string;
  fieldType: FormFieldKind | 'group';
  isRequired: 0 | 1;
  fieldLength?: number;
  pattern?: string;
  patternMessage?: string;
  dictCode?: string;
  span: number;
  note?: string;
  parentName?: string;
};

let seq = 0;
/** A fresh row of a kind dropped from the palette, named so it does not clash with the others. */
export function newRow(kind: DraftRow['fieldType'], label: string, rows: DraftRow[]): DraftRow {
  const base = kind === 'group' ? 'group' : kind;
  let n = rows.length + 1;
  while (rows.some((r) => r.fieldName === `${base}${n}`)) n++;
  seq++;
  return {
    key: `new-${seq}`,
    fieldName: `${base}${n}`,
    fieldLabel: label,
    fieldType: kind,
    isRequired: 0,
    span: kind === 'group' || kind === 'textarea' ? 24 : 12,
  };
}

/** The rows as submitAll takes them (the designer's key left out, empty values dropped). */
export function toSubmitRows(rows: DraftRow[]) {
  return rows.map(({ key: _k, ...r }, i) => {
    const out: Record<string, unknown> = { orderNum: i + 1 };
    for (const [k, v] of Object.entries(r)) if (v !== undefined && v !== '') out[k] = v;
    return out;
  });
}

/** Rows from the server's lazy lists: groups with their fields after them, then loose fields. */
export function fromDetailRows(top: Record<string, unknown>[], children: Record<string, Record<string, unknown>[]>): DraftRow[] {
  const one = (r: Record<string, unknown>, parentName?: string): DraftRow => ({
    key: String(r.id),
    fieldName: String(r.fieldName),
    fieldLabel: String(r.fieldLabel),
    fieldType: r.fieldType as DraftRow['fieldType'],
    isRequired: Number(r.isRequired) === 1 ? 1 : 0,
    fieldLength: r.fieldLength == null ? undefined : Number(r.fieldLength),
    pattern: (r.pattern as string) || undefined,
    patternMessage: (r.patternMessage as string) || undefined,
    dictCode: (r.dictCode as string) || undefined,
    span: Number(r.span ?? 12),
    note: (r.note as string) || undefined,
    parentName,
  });
  return top.flatMap((r) => [one(r), ...(children[String(r.id)] ?? []).map((c) => one(c, String(r.fieldName)))]);
}

/**
 * The schema the draft would publish as (the server builds the same from the saved rows): groups
 * in order, each group's fields, then loose fields; options from the dictionaries given.
 */
export function draftToSchema(rows: DraftRow[], options: Record<string, FormOption[]>, formName = ''): FormSchema {
  const groups = rows.filter((r) => r.fieldType === 'group');
  const rank = (r: DraftRow) => {
    const i = groups.findIndex((g) => g.fieldName === r.parentName);
    return i < 0 ? groups.length : i;
  };
  const fields = rows
    .filter((r) => r.fieldType !== 'group')
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }): FormFieldSchema => {
      const f: FormFieldSchema = {
        name: r.fieldName,
        label: r.fieldLabel,
        type: r.fieldType as FormFieldKind,
        required: r.isRequired === 1,
        span: r.span,
      };
      if (r.fieldLength) f.maxLength = r.fieldLength;
      if (r.pattern) f.pattern = r.pattern;
      if (r.patternMessage) f.patternMessage = r.patternMessage;
      if (r.note) f.note = r.note;
      if (r.parentName && groups.some((g) => g.fieldName === r.parentName)) f.group = r.parentName;
      if (optionKinds.has(r.fieldType)) {
        f.dictCode = r.dictCode;
        f.options = r.dictCode ? (options[r.dictCode] ?? []) : [];
      }
      return f;
    });
  return { formId: '', formName, version: 0, groups: groups.map((g) => ({ name: g.fieldName, label: g.fieldLabel })), fields };
}
