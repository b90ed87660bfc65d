import { demoMaterials } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, optionalId } from '../../core/input.ts';
import { type Call, routes } from '../../core/route.ts';
import type { FileService } from '../../modules/files/file-service.ts';
import { signatureImageOf } from '../../modules/signing/sign-pdf.ts';
import { generateDoc, signaturesComplete, signDoc, signingState } from '../../modules/signing/signing-service.ts';
import { applyAccess, READ_CODES, WRITE_CODES } from './access.ts';

const Step = z.object({ applyId: id, elementId: id });
const Generate = z.object({ applyId: id, elementId: id, signId: optionalId });
const coordinate = z.number().int().min(0).max(2000).optional();
const Sign = z.object({
  applyId: id,
  docId: id,
  image: z.string({ error: '请先签名或上传签名图片' }).min(1, { error: '请先签名或上传签名图片' }),
  pageNo: z.number().int().min(0).max(999).optional(),
  x: coordinate,
  y: coordinate,
  width: z.number().int().min(20).max(400).optional(),
});

/** The signing calls of a step's signing elements (modules/signing does the work). */
export function signRoutes(app: FastifyInstance, ctx: AppContext, files: FileService) {
  const api = demoMaterials.api;
  const r = routes(app, ctx, [demoMaterials.label.en]);
  const read = { perm: [...READ_CODES, ...WRITE_CODES] };
  const write = { perm: WRITE_CODES };

  r.get(
    `${api}/getElectronicSign`,
    { auth: read, summary: '环节签章要素及签章情况', query: Step, data: z.array(Obj) },
    async ({ req, query }: Call<{ query: typeof Step }>) => {
      const s = await applyAccess(ctx.db, req, query.applyId, 'read', query.elementId);
      return ok(await signingState(ctx.db, s, query.applyId, query.elementId));
    },
  );

  r.get(
    `${api}/unsigned`,
    { auth: read, summary: '未完成签章的签章要素', query: Step, data: z.array(Obj) },
    async ({ req, query }: Call<{ query: typeof Step }>) => {
      const s = await applyAccess(ctx.db, req, query.applyId, 'read', query.elementId);
      return ok((await signingState(ctx.db, s, query.applyId, query.elementId)).filter((x) => !x.complete));
    },
  );

  r.post(
    `${api}/doCreateSignPdf`,
    { auth: write, summary: '生成签章文件(PDF)', body: Generate, data: Obj },
    async ({ req, body }: Call<{ body: typeof Generate }>) => {
      const s = await applyAccess(ctx.db, req, body.applyId, 'write', body.elementId);
      return ok(await generateDoc(ctx.db, files, s, body));
    },
  );

  r.post(
    `${api}/signed`,
    { auth: write, summary: '签章（签名图片盖到PDF上）', body: Sign, data: Obj },
    async ({ req, body }: Call<{ body: typeof Sign }>) => {
      const s = await applyAccess(ctx.db, req, body.applyId, 'write');
      const [doc] = await ctx.db.query('select apply_id::text as "applyId" from biz_signed_doc where id = $1 and tenant_id = $2', [
        body.docId,
        s.caller.tenantId,
      ]);
      if (!doc || doc.applyId !== body.applyId) throw notFound('签章文件不存在');
      const image = signatureImageOf(body.image);
      const at = Object.fromEntries(
        Object.entries({ pageNo: body.pageNo, x: body.x, y: body.y, width: body.width }).filter(([, v]) => v !== undefined),
      );
      return ok(await signDoc(ctx.db, files, s, { docId: body.docId, image, at }));
    },
  );

  r.post(
    `${api}/cusSubmit`,
    { auth: write, summary: '提交前检查签章是否完成', body: Step, data: z.looseObject({ complete: z.boolean() }) },
    async ({ req, body }: Call<{ body: typeof Step }>) => {
      const s = await applyAccess(ctx.db, req, body.applyId, 'write', body.elementId);
      const result = await signaturesComplete(ctx.db, s, body.applyId, body.elementId);
      if (!result.complete) {
        const m = result.missing[0];
        throw badRequest(`签章未完成，还需签章${m.required - m.count}次`, result);
      }
      return ok(result);
    },
  );
}
