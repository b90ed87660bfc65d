import { demoMaterials, matIntMaterials, matWfElementMaterials, partiesFor } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound, ok } from '../../core/envelope.ts';
import { id, loose, optionalId, rowIds } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, remove, rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { submit } from '../../crud/submit.ts';
import { applyAccess, READ_CODES, WRITE_CODES } from './access.ts';
import { personsOf } from './persons.ts';

const DetailQuery = z.object({ id });
const Ids = z.object({ ids: rowIds });
const Person = z.object({
  personId: id,
  personName: z.string().max(50).optional(),
  personType: z.enum(['applicant', 'member', 'supporter'], { error: '人员类型只能是applicant/member/supporter' }),
  age: z.number().int().min(0).max(150).optional(),
});
const FamilyBody = z.object({
  applyId: id,
  elementId: optionalId,
  itemId: optionalId,
  persons: z.array(Person).max(50, { error: '人员最多50人' }).default([]),
});

type Slot = Record<string, unknown>;

/**
 * The application's material slots for a step: each material the step shows (or, when the step
 * configures none, the matter's) for each person its upload mode names (upload-mode.ts), with what
 * was provided so far. The persons are the page's list, else the application's applicant and family.
 */
async function curMaterialsWithFamily({ ctx, req, body }: Call<{ body: typeof FamilyBody }>) {
  const s = await applyAccess(ctx.db, req, body.applyId, 'read', body.elementId);
  // Without a list from the page, the application's own applicant and family are asked.
  const own = body.persons.length && body.itemId ? null : await personsOf(ctx.db, s.caller.tenantId, body.applyId);
  const itemId = body.itemId ?? own?.itemId ?? undefined;
  const persons = body.persons.length ? body.persons : (own?.persons ?? []);
  const stepMaterials = body.elementId
    ? await rows(ctx.db, matWfElementMaterials, s, { ...listQuery(matWfElementMaterials, { elementId_equal: body.elementId }), size: 200 })
    : [];
  const materials: (Slot & { materialId: string })[] = stepMaterials.length
    ? stepMaterials.map((m) => ({ ...m, materialId: String(m.intMaterialsId) }))
    : itemId
      ? (await rows(ctx.db, matIntMaterials, s, { ...listQuery(matIntMaterials, { itemId_equal: itemId }), size: 200 })).map((m) => ({
          ...m,
          materialId: String(m.id),
        }))
      : [];
  const provided = await rows(ctx.db, demoMaterials, s, { ...listQuery(demoMaterials, { applyId_equal: body.applyId }), size: 1000 });
  const parties = persons.map((p) => ({ ...p, role: p.personType, age: p.age ?? 0 }));
  const slots: Slot[] = [];
  for (const m of materials) {
    for (const p of partiesFor(m.fileUploadMode as number | null, parties)) {
      const row = provided.find((r) => r.materialId === m.materialId && r.personId === p.personId);
      slots.push({
        materialId: m.materialId,
        materialsName: m.materialsName,
        fileUploadMode: m.fileUploadMode ?? 1,
        isMustUpload: m.isMustUpload ?? 1,
        personId: p.personId,
        personName: p.personName ?? '',
        personType: p.personType,
        materialStatus: row?.materialStatus ?? 'missing',
        id: row?.id ?? null,
        fileUrl: row?.fileUrl ?? null,
        fileName: row?.fileName ?? null,
        originalNum: row?.originalNum ?? 0,
        copyNum: row?.copyNum ?? 0,
      });
    }
  }
  return ok(slots);
}

async function detail({ ctx, req, query }: Call<{ query: typeof DetailQuery }>) {
  const row = await findOne(ctx.db, demoMaterials, scopeOf(req), { id: query.id });
  if (!row) throw notFound('材料不存在');
  await applyAccess(ctx.db, req, String(row.applyId), 'read');
  return ok(row);
}

// The engine validates the whole row; the application is read first, for the access check.
const SaveBody = loose({ applyId: id });

const saveSlot =
  (hooks: ResourceHooks) =>
  async ({ ctx, req, body }: Call<{ body: typeof SaveBody }>) => {
    await applyAccess(ctx.db, req, body.applyId, 'write');
    return ok(await submit(ctx, demoMaterials, req, hooks));
  };

async function deleteByIds({ ctx, req, params }: Call<{ params: typeof Ids }>) {
  const s = scopeOf(req);
  const p = new Params();
  const found = await rows(
    ctx.db,
    demoMaterials,
    s,
    { ...listQuery(demoMaterials, {}), size: 1000 },
    [`t."id" = any(${p.add(params.ids)}::bigint[])`],
    p,
  );
  for (const applyId of new Set(found.map((r) => String(r.applyId)))) await applyAccess(ctx.db, req, applyId, 'write');
  return ok(await remove(ctx.db, demoMaterials, s, params.ids));
}

/** The material slot calls (the signing calls are in demo-materials-sign.routes.ts). */
export function materialRoutes(app: FastifyInstance, ctx: AppContext, hooks: ResourceHooks) {
  const api = demoMaterials.api;
  const r = routes(app, ctx, [demoMaterials.label.en]);
  const read = { perm: [...READ_CODES, ...WRITE_CODES] };
  r.post(
    `${api}/getCurMaterialsWithFamily`,
    { auth: read, summary: '办件材料（按人员）', body: FamilyBody, data: z.array(Obj) },
    curMaterialsWithFamily,
  );
  r.get(`${api}/detail`, { auth: read, summary: '材料详情', query: DetailQuery, data: Obj }, detail);
  r.post(
    `${api}/submit`,
    { auth: { perm: WRITE_CODES }, summary: '提交材料', body: SaveBody, docs: { body: submitBodySchema(demoMaterials) }, data: Row },
    saveSlot(hooks),
  );
  r.post(`${api}/deleteByIds`, { auth: { perm: WRITE_CODES }, summary: '删除材料', params: Ids, data: z.number().int() }, deleteByIds);
}
