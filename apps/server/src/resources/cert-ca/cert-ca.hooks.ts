import { permCode } from '@civdesk/meta';
import { certCa } from '@civdesk/resources';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { readUpload } from '../../core/upload.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { parseCertificate, parseCrl } from '../../modules/auth/x509.ts';

const CA = sqlOf(certCa);
const UploadQuery = z.object({ id });
/** A revocation list file may be this large (its base64 text fits the column). */
const CRL_BYTES = 1024 * 1024;

/** A time as the engine writes datetimes: `yyyy-MM-dd HH:mm:ss` in the install's time zone. */
const local = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(d);

/**
 * A CA is saved only with a certificate that parses, and a revocation list only when it parses
 * and carries that CA's signature (a list from elsewhere would let anyone "un-revoke"); subject,
 * end of validity and the list's date are read from them.
 */
const beforeWrite: NonNullable<ResourceHooks['beforeWrite']> = async ({ existing, scope }, values) => {
  const pem = String(values.certificate ?? existing?.certificate ?? '');
  const ca = parseCertificate(pem);
  if (!ca) throw badRequest('CA证书格式不正确，请粘贴PEM格式的证书');
  values.subject = ca.subject.slice(0, 500);
  values.notAfter = local(ca.notAfter, scope.tz);
  const crlText = values.crl === undefined ? existing?.crl : values.crl;
  if (typeof crlText !== 'string' || !crlText.trim()) {
    values.crlUpdate = null;
    return;
  }
  const crl = parseCrl(crlText);
  if (!crl) throw badRequest('证书吊销列表格式不正确，请上传PEM或DER格式的CRL');
  if (crl.issuer !== ca.subject || !(await crl.verify({ publicKey: ca.publicKey }).catch(() => false)))
    throw badRequest('证书吊销列表不是该CA签发的');
  values.crlUpdate = local(crl.thisUpdate, scope.tz);
};

/**
 * A revocation list uploaded as a file (`.crl`, PEM or DER, as CAs publish them) for one CA:
 * checked like a pasted one, kept as PEM text or base64 DER.
 */
async function uploadCrl({ ctx, req, query }: Call<{ query: typeof UploadQuery }>) {
  const s = scopeOf(req);
  const existing = await findOne(ctx.db, certCa, s, { id: query.id });
  if (!existing) throw notFound();
  const file = await readUpload(req, CRL_BYTES, '吊销列表文件不能超过1MB');
  if (!file?.buffer.length) throw badRequest('请选择吊销列表文件');
  const pem = file.buffer.subarray(0, 64).toString('latin1').includes('-----BEGIN');
  const values: Record<string, unknown> = { crl: pem ? file.buffer.toString('utf8') : file.buffer.toString('base64') };
  await beforeWrite(
    { db: ctx.db, resource: certCa, scope: s, mode: 'update', existing, tenantId: s.caller.tenantId, params: ctx.params },
    values,
  );
  await ctx.db.query(
    `update ${CA.table} set ${CA.c.crl} = $2, ${CA.c.crlUpdate} = ($3::timestamp at time zone '${s.tz}'), ${CA.c.updateUser} = $4, ${CA.c.updateTime} = now()
      where ${CA.c.id} = $1`,
    [query.id, values.crl, values.crlUpdate, s.caller.userId],
  );
  return ok({ id: query.id, crlUpdate: values.crlUpdate }, '吊销列表已更新');
}

export const certCaHooks: ResourceHooks = {
  beforeWrite,
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/upload-crl`,
      {
        auth: { perm: permCode(r, 'edit') },
        summary: '上传证书吊销列表（PEM或DER）',
        query: UploadQuery,
        docs: { consumes: ['multipart/form-data'] },
        data: z.object({ id: z.string(), crlUpdate: z.unknown() }),
      },
      uploadCrl,
    );
  },
};
