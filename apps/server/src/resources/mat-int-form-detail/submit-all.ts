import type { Queryable } from '@civdesk/db';
import { fieldErrors, isValidPattern, toSubmitSchema } from '@civdesk/meta';
import { matIntForm, matIntFormDetail } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest, notFound } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { findOne, insert } from '../../crud/repository.ts';

const details = sqlOf(matIntFormDetail);

/** A row of a whole field list: a detail row's fields, its group named by the group's fieldName. */
export type ListRow = Record<string, unknown> & { parentName?: unknown };

const rowError = (i: number, field: string, message: string) =>
  badRequest(`第${i + 1}行: ${message}`, { errors: [{ field: `fields.${i}.${field}`, message }] });

/** Checks every row with the definition's own schema before anything is written. */
function checkRows(rows: ListRow[]) {
  const schema = toSubmitSchema(matIntFormDetail, 'create');
  const names = new Set<string>();
  const groups = new Set<string>();
  const checked = rows.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw rowError(i, '', '字段应为JSON对象');
    const { parentName, ...rest } = raw;
    const parsed = schema.safeParse({ ...rest, formId: '1', parentId: undefined });
    if (!parsed.success) {
      const e = fieldErrors(parsed.error)[0];
      throw rowError(i, e.field, e.message);
    }
    const v = parsed.data as Record<string, unknown>;
    const name = String(v.fieldName);
    if (names.has(name)) throw rowError(i, 'fieldName', `字段名 ${name} 重复`);
    names.add(name);
    if (typeof v.pattern === 'string' && !isValidPattern(v.pattern)) throw rowError(i, 'pattern', '校验正则不是有效的正则表达式');
    if (v.fieldType === 'group') groups.add(name);
    const parent = parentName === undefined || parentName === null || parentName === '' ? null : String(parentName);
    return { v, parent, i };
  });
  for (const { v, parent, i } of checked) {
    if (parent === null) continue;
    if (v.fieldType === 'group') throw rowError(i, 'parentName', '分组不能放在其他分组内');
    if (!groups.has(parent)) throw rowError(i, 'parentName', `所属分组 ${parent} 不在列表中`);
  }
  return checked;
}

/**
 * Replaces a form's whole draft field list, all or nothing (the caller runs it in one transaction):
 * every row is checked first, then the old rows are removed and the new ones written, groups first
 * so fields can name them. Published versions are untouched.
 */
export async function submitAll(db: Queryable, s: Scope, formId: string, rows: ListRow[]) {
  const form = await findOne(db, matIntForm, s, { id: formId });
  if (!form) throw notFound('表单不存在或已被删除');
  if (rows.length > 500) throw badRequest('一个表单最多500个字段');
  const checked = checkRows(rows);
  const tenantId = String(form.tenantId);
  await db.query(
    `update ${details.table} set "is_deleted" = 1, "update_time" = now(), "update_user" = $3 where ${details.live('$1')} and ${details.c.formId} = $2`,
    [tenantId, formId, s.caller.userId],
  );
  const groupIds = new Map<string, string>();
  const ordered = [...checked.filter((c) => c.v.fieldType === 'group'), ...checked.filter((c) => c.v.fieldType !== 'group')];
  for (const { v, parent, i } of ordered) {
    const row = await insert(
      db,
      matIntFormDetail,
      s,
      { ...v, formId, parentId: parent ? groupIds.get(parent) : '0', orderNum: v.orderNum ?? i + 1 },
      tenantId,
    );
    if (v.fieldType === 'group') groupIds.set(String(v.fieldName), String(row.id));
  }
  return { formId, count: rows.length };
}
