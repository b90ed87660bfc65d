import type { FormSchema } from '@civdesk/meta';
import type { FieldRight } from '../api.ts';

/**
 * A step's form split by its field rights: `edit` holds the fields the handler fills (a
 * `required` right makes the field required), `read` the ones shown but not changed; hidden
 * fields are in neither. A read-only page shows every visible field as read.
 */
export function splitByRights(schema: FormSchema, rights: Record<string, FieldRight> = {}, readOnly = false) {
  const visible = schema.fields.filter((f) => rights[f.name] !== 'hidden');
  const readable = (name: string) => readOnly || rights[name] === 'read';
  const edit = visible.filter((f) => !readable(f.name)).map((f) => (rights[f.name] === 'required' ? { ...f, required: true } : f));
  const read = visible.filter((f) => readable(f.name));
  return { edit: { ...schema, fields: edit }, read: { ...schema, fields: read } };
}
