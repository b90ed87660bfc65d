import { type FieldDef, MAX_PAGE_SIZE, numericTypes, type Resource, readableFields, writableFields } from '@civdesk/meta';

// JSON schemas for the OpenAPI document only. Requests are validated by the zod schemas derived
// from the same definition (shared with the web form), so these never drift from the rules.
function fieldSchema(f: FieldDef): Record<string, unknown> {
  const description = `${f.label.zh} / ${f.label.en}`;
  if (numericTypes.has(f.type) || ((f.type === 'enum' || f.type === 'dict') && f.int)) {
    return f.example === undefined ? { type: 'integer', description } : { type: 'integer', description, example: f.example };
  }
  const s: Record<string, unknown> = { type: 'string', description };
  if (f.max && (f.type === 'string' || f.type === 'text')) s.maxLength = f.max;
  if (f.options) s.description = `${description} (${f.options.map((o) => `${o.value}=${o.label.zh}`).join(', ')})`;
  if (f.dict) s.description = `${description} (dictionary ${f.dict})`;
  if (f.example !== undefined) s.example = f.example;
  return s;
}

export function submitBodySchema(r: Resource) {
  const properties: Record<string, unknown> = { id: { type: 'string', description: 'present → update' } };
  for (const [k, f] of writableFields(r)) properties[k] = fieldSchema(f);
  return {
    type: 'object',
    properties,
    required: writableFields(r)
      .filter(([, f]) => f.required)
      .map(([k]) => k),
  };
}

export function listQuerySchema(r: Resource) {
  const properties: Record<string, unknown> = {
    current: { type: 'integer', minimum: 1, description: 'page number, from 1' },
    size: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
        { type: 'integer', enum: [-1] },
      ],
      description: `page size (1–${MAX_PAGE_SIZE}); -1 = unpaged, capped at ${MAX_PAGE_SIZE}`,
    },
    ascs: { type: 'string', description: 'comma-separated fields to sort ascending' },
    descs: { type: 'string', description: 'comma-separated fields to sort descending' },
  };
  for (const [k, f] of readableFields(r)) {
    if (!(f.search || f.list)) continue;
    properties[k] = fieldSchema(f);
    if (f.type === 'date' || f.type === 'datetime')
      properties[`${k}Range`] = { type: 'string', description: 'from,to (either end may be empty; a day as `to` includes the whole day)' };
  }
  properties.createTime_datege = { type: 'string', description: 'created at or after (yyyy-MM-dd HH:mm:ss)' };
  properties.createTime_datelt = { type: 'string', description: 'created before (yyyy-MM-dd HH:mm:ss)' };
  return { type: 'object', properties, additionalProperties: true };
}

/** `detail`: the id, or any unique field. */
export function detailQuerySchema(r: Resource) {
  const properties: Record<string, unknown> = { id: { type: 'string', pattern: '^\\d{1,19}$', description: 'the row id' } };
  for (const [k, f] of Object.entries(r.fields)) if (f.unique) properties[k] = fieldSchema(f);
  // one of them names the row
  return { type: 'object', properties, anyOf: Object.keys(properties).map((k) => ({ required: [k] })) };
}

/** `cusPage`: filters under `param` (or beside the paging). */
export function cusPageSchema(r: Resource) {
  return {
    type: 'object',
    properties: {
      param: listQuerySchema(r),
      current: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: -1, maximum: MAX_PAGE_SIZE },
    },
    additionalProperties: true,
  };
}

export const idsSchema = {
  type: 'object',
  properties: { ids: { type: 'string', description: 'comma-separated ids (query string or body)' } },
  required: ['ids'],
};
export const treeQuerySchema = {
  type: 'object',
  properties: { tenantId: { type: 'string', description: 'the tenant whose tree (platform administrator)' } },
};
export const lazyTreeQuerySchema = { type: 'object', properties: { parentId: { type: 'string', description: 'default 0: the roots' } } };
