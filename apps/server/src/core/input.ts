import { isIdText } from '@civdesk/meta';
import { z } from 'zod';
import { badRequest } from './envelope.ts';

// The schemas of hand-written routes' input. Clients of the BladeX family send ids as strings or
// numbers, everything in a query string as text, and often the same parameter in the query string
// or the body, so these accept both spellings and hand the route one type. A refusal is a 400 in
// the engine's shape: the first message, and `errors` naming each field.

type Issue = { path?: PropertyKey[]; code?: string; input?: unknown };

/** The name of the field an issue is about (the last step of its path). */
const fieldOf = (iss: Issue) => String(iss.path?.at(-1) ?? '');

/** The message of an issue the schema gives none for. */
function defaultMessage(iss: Issue): string {
  if (!iss.path?.length) return '请求体应为JSON对象';
  if (iss.code === 'invalid_type' && iss.input === undefined) return `缺少必要的请求参数：${fieldOf(iss)}`;
  return `参数 ${fieldOf(iss)} 格式不正确`;
}

/** Parses input with a schema, or answers 400 naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value, { error: defaultMessage });
  if (r.success) return r.data;
  const errors = r.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  throw badRequest(errors[0].message, { errors });
}

/** A message that names the field: `named('应为编号')` gives "userId 应为编号". */
const named = (text: string) => (iss: Issue) => `${fieldOf(iss)} ${text}`;

/** Empty text counts as not given (forms send `deptId=` for "any"). */
const blankIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A parameter that may be left out, sent empty or null. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsMissing, schema.optional());

/** Text as sent: a string, or a number from a JSON body. */
export const text = z.union([z.string(), z.number()]).transform(String);

/** Optional text; anything that is not a string (a repeated query key, an object) counts as not given. */
export const optionalString = z.string().optional().catch(undefined);

/** One id: digits (at most 19) as a string or a number, answered as text. */
export const id = z
  .union([z.string(), z.number()], { error: named('应为编号') })
  .transform(String)
  .refine(isIdText, { error: named('应为编号') });

/** An id that may be left out or empty. */
export const optionalId = optional(id);

/**
 * A list of ids: a JSON array (strings or numbers) or comma-separated text, duplicates removed.
 * Items are trimmed and empty ones dropped, unless `strict` (every item must be an id, as the
 * engine's `ids=`). `message` replaces the default refusal; `max` bounds the list.
 */
export function idList(o: { message?: string; max?: number; maxMessage?: string; required?: boolean; strict?: boolean } = {}) {
  const refuse = o.message ? () => o.message as string : named('应为编号列表');
  const items = (v: string | number | (string | number)[]) => {
    const parts = Array.isArray(v) ? v.map(String) : String(v).trim().split(',');
    return o.strict ? parts : parts.map((x) => x.trim()).filter((x) => x !== '');
  };
  return z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: refuse })
    .transform((v) => [...new Set(items(v))])
    .refine((ids) => ids.every(isIdText), { error: refuse })
    .refine((ids) => !o.required || ids.length > 0, { error: refuse })
    .refine((ids) => o.max === undefined || ids.length <= o.max, { error: () => o.maxMessage ?? `一次最多${o.max}条` });
}

/** The `ids` of the rows a call acts on, as the engine's remove takes them. */
export const rowIds = idList({
  strict: true,
  required: true,
  message: '请选择至少一条数据',
  max: 1000,
  maxMessage: '一次最多删除1000条数据',
});

/** Any other parameters pass through untouched (filters of a query map, fields of a form). */
export const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/** No parameters read: whatever is sent is ignored, as by every route that reads none. */
export const nothing = z.object({});
