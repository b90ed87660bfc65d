import { permCode } from '@civdesk/meta';
import { matIntMaterials, matWfElementMaterials } from '@civdesk/resources';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';

const M = sqlOf(matIntMaterials);
const ElementItemPath = z.object({ elementId: id, itemId: id });

/** What a step shows of a material besides its own rules: counts, template and files. */
const detailOf = (m: Record<string, unknown> | undefined) =>
  m
    ? {
        templateId: m.templateId,
        ifRequired: m.ifRequired,
        numberOriginal: m.numberOriginal,
        numberCopy: m.numberCopy,
        demonstrationUrl: m.demonstrationUrl,
        emptyUrl: m.emptyUrl,
      }
    : {};

/**
 * The materials of a step: its own configured rows (`configured: true`), each with the matter
 * material's counts and files; a step with none configured shows every material of the matter
 * with the matter's upload rules (browse 0, upload allowed, applicant uploads, no batch when unset).
 */
async function byElementItem({ ctx, req, path }: Call<{ path: typeof ElementItemPath }>) {
  const s = scopeOf(req);
  const all = await rows(ctx.db, matIntMaterials, s, { ...listQuery(matIntMaterials, { itemId: path.itemId }), size: 500 });
  const byId = new Map(all.map((m) => [String(m.id), m]));
  const own = await rows(ctx.db, matWfElementMaterials, s, {
    ...listQuery(matWfElementMaterials, { elementId: path.elementId }),
    size: 500,
  });
  if (own.length) return ok(own.map((r) => ({ ...r, ...detailOf(byId.get(String(r.intMaterialsId))), configured: true })));
  return ok(
    all.map((m) => ({
      id: null,
      elementId: path.elementId,
      intMaterialsId: m.id,
      materialsName: m.materialsName,
      isBrowse: m.isBrowse ?? 0,
      isMustUpload: m.isMustUpload ?? 1,
      isBatchUpload: m.isBatchUpload ?? 0,
      fileUploadMode: m.fileUploadMode ?? 1,
      orderNumber: m.orderNumber,
      note: m.note,
      ...detailOf(m),
      configured: false,
    })),
  );
}

/** Step materials: the material's name copied when left out, and the materials a step shows. */
export const matWfElementMaterialsHooks: ResourceHooks = {
  async beforeWrite(w, values) {
    if (values.intMaterialsId && !values.materialsName) {
      const [m] = await w.db.query<{ name: string }>(
        `select ${M.c.materialsName} as name from ${M.table} where ${M.live('$1')} and ${M.c.id} = $2`,
        [w.tenantId, values.intMaterialsId],
      );
      if (m) values.materialsName = m.name;
    }
  },
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/getByElementItem/:elementId/:itemId`,
      { auth: { perm: permCode(r, 'view') }, summary: '环节材料(未配置时为事项材料)', path: ElementItemPath, data: z.array(Obj) },
      byElementItem,
    );
  },
};
