import type { Queryable } from '@civdesk/db';
import type { FormSchema } from '@civdesk/meta';
import { matIntForm, matIntFormVersion } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest, notFound } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { findOne, insert, update } from '../../crud/repository.ts';
import { draftSchema } from './draft-schema.ts';

const forms = sqlOf(matIntForm, 'f');
const versions = sqlOf(matIntFormVersion, 'v');

export type FormVersion = { formId: string; version: number; publishTime: string; publishUser: string | null; schema: FormSchema };

/**
 * Publishes a form's draft as its next version, in one transaction: the form row is locked so two
 * publishers cannot take the same number, the draft is snapshotted (dictionary options copied in),
 * and the form is marked published. Earlier versions stay as they are.
 */
export async function publishForm(db: Queryable, s: Scope, formId: string): Promise<FormVersion> {
  const form = await findOne(db, matIntForm, s, { id: formId });
  if (!form) throw notFound('表单不存在或已被删除');
  const tenantId = String(form.tenantId);
  const [locked] = await db.query<{ latest: number }>(
    `select ${forms.c.latestVersion} as "latest" from ${forms.table} where ${forms.live('$1')} and f."id" = $2 for update`,
    [tenantId, formId],
  );
  if (!locked) throw notFound('表单不存在或已被删除');
  const version = Number(locked.latest ?? 0) + 1;
  const schema = await draftSchema(db, s, { id: formId, formName: String(form.formName), tenantId }, version);
  if (!schema.fields.length) throw badRequest('表单没有字段，不能发布');
  const [{ now }] = await db.query<{ now: string }>(`select to_char(now() at time zone $1, 'YYYY-MM-DD HH24:MI:SS') as "now"`, [s.tz]);
  await insert(
    db,
    matIntFormVersion,
    s,
    {
      formId,
      versionNo: version,
      schemaJson: JSON.stringify(schema),
      publishTime: now,
      publishUser: s.caller.userId === '0' ? null : s.caller.userId,
    },
    tenantId,
  );
  await update(db, matIntForm, s, formId, { publishStatus: 1, latestVersion: version });
  return { formId, version, publishTime: now, publishUser: s.caller.userId, schema };
}

/** Stops new use of a form (pickers and new applications); its versions stay readable. */
export async function unpublishForm(db: Queryable, s: Scope, formId: string): Promise<void> {
  const form = await findOne(db, matIntForm, s, { id: formId });
  if (!form) throw notFound('表单不存在或已被删除');
  if (Number(form.publishStatus) !== 1) throw badRequest('表单未发布');
  await update(db, matIntForm, s, formId, { publishStatus: 0 });
}

/**
 * One published version of a form of the caller's tenant: a number, or `latest` — the newest
 * version of a form that is published now (an unpublished form takes no new data).
 */
export async function readVersion(db: Queryable, s: Scope, formId: string, which: number | 'latest'): Promise<FormVersion> {
  const tenantId = s.caller.tenantId;
  const [form] = await db.query<{ status: number; latest: number }>(
    `select ${forms.c.publishStatus} as "status", ${forms.c.latestVersion} as "latest" from ${forms.table} where ${forms.tenant('$1')} and f."id" = $2`,
    [tenantId, formId],
  );
  if (!form || !Number(form.latest)) throw notFound('表单不存在或尚未发布');
  if (which === 'latest' && Number(form.status) !== 1) throw badRequest('表单已取消发布，不能再填报');
  const version = which === 'latest' ? Number(form.latest) : which;
  const [row] = await db.query<{ schemaJson: string; publishTime: string; publishUser: string | null }>(
    `select ${versions.c.schemaJson} as "schemaJson", to_char(${versions.c.publishTime} at time zone $4, 'YYYY-MM-DD HH24:MI:SS') as "publishTime",
       ${versions.c.publishUser}::text as "publishUser"
     from ${versions.table} where ${versions.live('$1')} and ${versions.c.formId} = $2 and ${versions.c.versionNo} = $3`,
    [tenantId, formId, version, s.tz],
  );
  if (!row) throw notFound(`表单版本 ${version} 不存在`);
  return { formId, version, publishTime: row.publishTime, publishUser: row.publishUser, schema: JSON.parse(row.schemaJson) as FormSchema };
}

/** Every published version of a form, newest first (without their schemas). */
export async function listVersions(db: Queryable, s: Scope, formId: string) {
  return db.query(
    `select ${versions.c.versionNo} as "version", to_char(${versions.c.publishTime} at time zone $3, 'YYYY-MM-DD HH24:MI:SS') as "publishTime",
       ${versions.c.publishUser}::text as "publishUser"
     from ${versions.table} where ${versions.live('$1')} and ${versions.c.formId} = $2 order by ${versions.c.versionNo} desc`,
    [s.caller.tenantId, formId, s.tz],
  );
}
