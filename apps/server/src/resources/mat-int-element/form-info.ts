import type { Queryable, Row } from '@civdesk/db';
import { matIntElement } from '@civdesk/resources';

/** The matter's form bindings, in the order the item form shows them. */
export const FORM_FIELDS = ['defaultForm', 'publicFormPc', 'detailForm', 'defaultFormWeixin', 'manageFormWeixin'] as const;

/**
 * Whether the forms table (another part of the product, maybe not installed) is there with the
 * columns read here; asked of the catalogue, never assumed.
 */
async function formsTable(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and table_name = 'mat_int_form' and column_name in ('id', 'form_name', 'tenant_id', 'is_deleted')`,
  );
  return row.n === 4;
}

/** Live forms of the tenant among `ids`: id → name; null when there is no forms table. */
export async function formNames(db: Queryable, tenantId: string, ids: string[]): Promise<Map<string, string> | null> {
  if (!(await formsTable(db))) return null;
  if (!ids.length) return new Map();
  const found = await db.query<{ id: string; name: string }>(
    `select id::text as id, form_name as name from mat_int_form where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0`,
    [ids, tenantId],
  );
  return new Map(found.map((f) => [f.id, f.name]));
}

/** The item with each binding's form id and name (null name when the form is gone or forms are not installed). */
export async function withFormInfo(db: Queryable, item: Row, tenantId: string) {
  const ids = FORM_FIELDS.map((k) => item[k]).filter((v): v is string => typeof v === 'string' && v !== '');
  const names = (await formNames(db, String(item.tenantId ?? tenantId), ids)) ?? new Map<string, string>();
  const formInfo = FORM_FIELDS.map((k) => {
    const formId = typeof item[k] === 'string' && item[k] !== '' ? String(item[k]) : null;
    return { field: k, label: matIntElement.fields[k].label.zh, formId, formName: formId ? (names.get(formId) ?? null) : null };
  });
  const flat = Object.fromEntries(formInfo.map((f) => [`${f.field}Name`, f.formName]));
  return { ...item, ...flat, formInfo };
}
