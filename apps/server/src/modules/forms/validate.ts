import type { Queryable } from '@civdesk/db';
import { checkFormData, type Lang } from '@civdesk/meta';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { readVersion } from './versions.ts';

/**
 * Checks data submitted for a published form (an application, a handling step) with the schema
 * of that version — the same compiled checks the web renderer runs. Answers the cleaned data
 * (unknown keys dropped, values normalised) with the version used, or throws a 400 whose message
 * names the first wrong field in Chinese ('请输入申请人姓名') and lists every field's message.
 */
export async function validateFormData(
  db: Queryable,
  s: Scope,
  formId: string,
  versionOrLatest: number | 'latest',
  data: unknown,
  lang: Lang = 'zh',
): Promise<{ version: number; data: Record<string, unknown> }> {
  const v = await readVersion(db, s, formId, versionOrLatest);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest('表单数据应为JSON对象');
  const r = checkFormData(v.schema, data, lang);
  if (!r.ok) throw badRequest(r.errors[0].message, { errors: r.errors });
  return { version: v.version, data: r.data };
}
