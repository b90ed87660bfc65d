import type { Db, Queryable } from '@civdesk/db';
import { matWfElementElectronicSign } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest, HttpError, notFound } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import type { FileService } from '../files/file-service.ts';
import { previewPdf } from '../print/print-service.ts';
import { fmt } from '../workflow/sql.ts';
import { defaultPlacement, type Placement, type SignatureImage, sha256, stampSignature } from './sign-pdf.ts';

type Row = Record<string, unknown>;

/** The signing elements (mat-wf-element-electronic-sign) of one step, in their order. */
export const signConfigsOf = (db: Queryable, s: Scope, elementId: string) =>
  rows(db, matWfElementElectronicSign, s, { ...listQuery(matWfElementElectronicSign, { elementId_equal: elementId }), size: 100 });

/** How many signatures a signing element asks for: signNumber when it counts them, else one. */
export function requiredSignatures(cfg: Row): number {
  if (Number(cfg.isSignature ?? 1) !== 1) return 0;
  const n = Number(cfg.signNumber ?? 0);
  return Number(cfg.isSignatureNumber) === 1 && n > 0 ? n : 1;
}

const DOC = (
  tz: string,
) => `d.id::text as id, d.apply_id::text as "applyId", d.element_id::text as "elementId", d.sign_id::text as "signId",
  d.print_template_id::text as "printTemplateId", d.file_link as "fileLink", d.file_sha256 as "fileSha256", d.signed_link as "signedLink",
  d.signed_sha256 as "signedSha256", d.status, d.sign_count as "signCount", ${fmt('d.create_time', tz)} as "createTime"`;
const SIGNATURE = (
  tz: string,
) => `g.id::text as id, g.doc_id::text as "docId", g.signer_id::text as "signerId", g.signer_name as "signerName",
  ${fmt('g.sign_time', tz)} as "signTime", g.image_link as "imageLink", g.pdf_link as "pdfLink", g.pdf_sha256 as "pdfSha256",
  g.page_no as "pageNo", g.pos_x as x, g.pos_y as y, g.width, g.status`;

/** The live (not void) documents of an application's step, each with its signatures. */
export async function docsOf(db: Queryable, s: Scope, applyId: string, elementId: string) {
  const docs = await db.query(
    `select ${DOC(s.tz)} from biz_signed_doc d where d.tenant_id = $1 and d.apply_id = $2 and d.element_id = $3 and d.status <> 'void' order by d.create_time, d.id`,
    [s.caller.tenantId, applyId, elementId],
  );
  const signatures = docs.length
    ? await db.query(
        `select ${SIGNATURE(s.tz)} from biz_signature g where g.tenant_id = $1 and g.doc_id = any($2::bigint[]) order by g.sign_time, g.id`,
        [s.caller.tenantId, docs.map((d) => d.id)],
      )
    : [];
  return docs.map((d): Row & { signatures: Row[] } => ({ ...d, signatures: signatures.filter((g) => g.docId === d.id) }));
}

/** Each signing element of the step with its current document and the signatures it still lacks. */
export async function signingState(db: Queryable, s: Scope, applyId: string, elementId: string) {
  const [configs, docs] = await Promise.all([signConfigsOf(db, s, elementId), docsOf(db, s, applyId, elementId)]);
  return configs.map((cfg) => {
    const doc = docs.find((d) => d.signId === cfg.id) ?? null;
    const required = requiredSignatures(cfg);
    const count = Number(doc?.signCount ?? 0);
    return { sign: cfg, doc, required, count, complete: count >= required };
  });
}

/**
 * Whether every signing element of the step has the configured number of signatures (signNumber,
 * or one) on its current document. The application's submit asks this before it moves on.
 */
export async function signaturesComplete(db: Queryable, s: Scope, applyId: string, elementId: string) {
  const state = await signingState(db, s, applyId, elementId);
  const missing = state.filter((x) => !x.complete).map((x) => ({ signId: String(x.sign.id), required: x.required, count: x.count }));
  return { complete: missing.length === 0, missing };
}

/**
 * Generates a signing element's document: its print template filled by the print SQL with the
 * application's id bound as `:applyId`, stored as a PDF with its SHA-256. A document generated
 * before is voided with its signatures: they signed other content.
 */
export async function generateDoc(db: Db, files: FileService, s: Scope, a: { applyId: string; elementId: string; signId?: string }) {
  const cfg = a.signId
    ? await findOne(db, matWfElementElectronicSign, s, { id: a.signId })
    : ((await signConfigsOf(db, s, a.elementId))[0] ?? null);
  if (!cfg || String(cfg.elementId) !== a.elementId) throw notFound('该环节未配置签章要素');
  if (Number(cfg.isCreate ?? 1) !== 1) throw badRequest('该签章要素不生成文件');
  if (!cfg.printId) throw badRequest('签章要素未配置打印模板');
  const { pdf } = await previewPdf(db, s, String(cfg.printId), { applyId: a.applyId });
  const tenantId = s.caller.tenantId;
  const link = await files.store(tenantId, 'pdf', pdf);
  const docId = newId();
  await db.tx(async (t) => {
    const voided = await t.query<{ id: string }>(
      `update biz_signed_doc set status = 'void', update_time = now() where tenant_id = $1 and apply_id = $2 and sign_id = $3 and status <> 'void' returning id::text as id`,
      [tenantId, a.applyId, cfg.id],
    );
    if (voided.length)
      await t.query(`update biz_signature set status = 'void' where tenant_id = $1 and doc_id = any($2::bigint[])`, [
        tenantId,
        voided.map((v) => v.id),
      ]);
    await t.query(
      `insert into biz_signed_doc (id, tenant_id, apply_id, element_id, sign_id, print_template_id, material_id, file_link, file_sha256, create_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [docId, tenantId, a.applyId, a.elementId, cfg.id, cfg.printId, cfg.matIntMaterialsId || null, link, sha256(pdf), s.caller.userId],
    );
  });
  const [doc] = await db.query(`select ${DOC(s.tz)} from biz_signed_doc d where d.id = $1`, [docId]);
  return { ...doc, signatures: [] };
}

/**
 * Signs a document: the image stamped onto its latest PDF (the generated one, or the one the last
 * signature produced), the result stored with its SHA-256 and the signer. The files are written
 * before the row is locked (storage may be remote); the write then checks that nobody signed or
 * re-generated meanwhile, so no signature is ever stamped on a stale file (409: sign again).
 */
export async function signDoc(db: Db, files: FileService, s: Scope, a: { docId: string; image: SignatureImage; at?: Partial<Placement> }) {
  const tenantId = s.caller.tenantId;
  const docSql = `select id::text as id, apply_id::text as "applyId", sign_id::text as "signId", status, sign_count as "signCount",
    coalesce(signed_link, file_link) as current from biz_signed_doc where id = $1 and tenant_id = $2`;
  const [doc] = await db.query(docSql, [a.docId, tenantId]);
  if (!doc) throw notFound('签章文件不存在');
  if (doc.status === 'void') throw badRequest('该文件已重新生成，请在新文件上签章');
  const cfg = await findOne(db, matWfElementElectronicSign, s, { id: String(doc.signId) });
  if (cfg && Number(cfg.isSignature ?? 1) !== 1) throw badRequest('该签章要素不需要签章');
  const max = Number(cfg?.signNumberMax ?? 0);
  const count = Number(doc.signCount);
  if (cfg && Number(cfg.isSignatureNumber) === 1 && max > 0 && count >= max) throw badRequest(`签章次数已达上限（${max}次）`);
  const current = await files.bytesOf(tenantId, String(doc.current));
  if (!current) throw notFound('签章文件不存在');
  const at = { ...defaultPlacement(count), ...a.at };
  const signed = await stampSignature(current, a.image, at);
  const hash = sha256(signed);
  const pdfLink = await files.store(tenantId, 'pdf', signed);
  const imageLink = await files.store(tenantId, a.image.kind, a.image.bytes);
  const signatureId = newId();
  await db.tx(async (t) => {
    const [now] = await t.query(`${docSql} for update`, [a.docId, tenantId]);
    if (now?.status !== doc.status || Number(now?.signCount) !== count || now?.current !== doc.current)
      throw new HttpError(409, '签章文件已被他人更新，请刷新后重新签章');
    await t.query(
      `insert into biz_signature (id, tenant_id, doc_id, apply_id, signer_id, signer_name, image_link, pdf_link, pdf_sha256, page_no, pos_x, pos_y, width)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        signatureId,
        tenantId,
        doc.id,
        doc.applyId,
        s.caller.userId,
        s.caller.userName,
        imageLink,
        pdfLink,
        hash,
        at.pageNo,
        at.x,
        at.y,
        at.width,
      ],
    );
    await t.query(
      `update biz_signed_doc set signed_link = $2, signed_sha256 = $3, status = 'signed', sign_count = sign_count + 1, update_time = now() where id = $1`,
      [doc.id, pdfLink, hash],
    );
  });
  const [signature] = await db.query(`select ${SIGNATURE(s.tz)} from biz_signature g where g.id = $1`, [signatureId]);
  return signature;
}
