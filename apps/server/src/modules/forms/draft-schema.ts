import type { Queryable, Row } from '@civdesk/db';
import { type FormFieldKind, type FormFieldSchema, type FormSchema, optionKinds } from '@civdesk/meta';
import { matIntFormDetail } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { lookupDictionaries } from '../dictionary/dict-client.routes.ts';

const details = sqlOf(matIntFormDetail, 'd');

/** A form's draft field rows (groups and fields) in designer order. */
export async function draftRows(db: Queryable, tenantId: string, formId: string): Promise<Row[]> {
  const c = details.c;
  return db.query(
    `select d."id"::text as "id", ${c.parentId}::text as "parentId", ${c.fieldName} as "fieldName", ${c.fieldLabel} as "fieldLabel",
       ${c.fieldType} as "fieldType", ${c.isRequired} as "isRequired", ${c.fieldLength} as "fieldLength", ${c.pattern} as "pattern",
       ${c.patternMessage} as "patternMessage", ${c.dictCode} as "dictCode", ${c.span} as "span", ${c.orderNum} as "orderNum", ${c.note} as "note"
     from ${details.table} where ${details.live('$1')} and ${c.formId} = $2
     order by ${c.orderNum} nulls last, d."id"`,
    [tenantId, formId],
  );
}

/**
 * The schema a form's draft would publish as: groups in order, then each group's fields, then
 * fields outside any group. Options of select/radio/checkbox fields are copied from their
 * dictionary now, so a published version does not change when the dictionary does later.
 */
export async function draftSchema(db: Queryable, s: Scope, form: { id: string; formName: string; tenantId: string }, version: number) {
  const rows = await draftRows(db, form.tenantId, form.id);
  const groups = rows.filter((r) => r.fieldType === 'group');
  const groupName = new Map(groups.map((g) => [String(g.id), String(g.fieldName)]));
  const fields = rows.filter((r) => r.fieldType !== 'group');
  const codes = [...new Set(fields.filter((f) => optionKinds.has(String(f.fieldType)) && f.dictCode).map((f) => String(f.dictCode)))];
  const dicts = codes.length ? await lookupDictionaries(db, s, codes) : {};
  const rank = (f: Row) => {
    const g = groupName.get(String(f.parentId));
    return g === undefined ? groups.length : groups.findIndex((x) => String(x.fieldName) === g);
  };
  const ordered = fields.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i);
  const out: FormFieldSchema[] = ordered.map(({ f }) => {
    const type = String(f.fieldType) as FormFieldKind;
    const field: FormFieldSchema = {
      name: String(f.fieldName),
      label: String(f.fieldLabel),
      type,
      required: Number(f.isRequired) === 1,
      span: Number(f.span ?? 12),
    };
    if (f.fieldLength != null) field.maxLength = Number(f.fieldLength);
    if (f.pattern) field.pattern = String(f.pattern);
    if (f.patternMessage) field.patternMessage = String(f.patternMessage);
    if (f.note) field.note = String(f.note);
    const g = groupName.get(String(f.parentId));
    if (g) field.group = g;
    if (optionKinds.has(type)) {
      if (!f.dictCode) throw badRequest(`请为「${field.label}」设置字典编码`);
      field.dictCode = String(f.dictCode);
      field.options = (dicts[field.dictCode] ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }));
      if (!field.options.length) throw badRequest(`字典「${field.dictCode}」没有可选项，无法发布「${field.label}」`);
    }
    return field;
  });
  const schema: FormSchema = {
    formId: form.id,
    formName: form.formName,
    version,
    groups: groups.map((g) => ({ name: String(g.fieldName), label: String(g.fieldLabel) })),
    fields: out,
  };
  return schema;
}
