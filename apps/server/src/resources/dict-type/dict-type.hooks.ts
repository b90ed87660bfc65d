import type { Row } from '@civdesk/db';
import { permCode } from '@civdesk/meta';
import { dictDetail, dictType } from '@civdesk/resources';
import { z } from 'zod';
import { Row as RowAnswer, Rows } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { loose, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuerySchema, submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { mergeForest } from '../../crud/tree.ts';

const T = sqlOf(dictType);
const D = sqlOf(dictDetail);

/** A type node as the type-tree screens read it (typeCode/typeName/parentCode). */
const typeNode = (row: Row) => ({
  ...row,
  typeCode: row.dictType,
  typeName: row.dictName,
  parentCode: row.fcode ?? '',
  title: row.dictName,
  key: row.id,
  value: row.id,
});

const ListMap = loose({});

async function typeTree({ ctx, req, query }: Call<{ query: typeof ListMap }>) {
  const found = await rows(ctx.db, dictType, scopeOf(req), { ...listQuery(dictType, query), size: 5000 });
  return ok(mergeForest(found.map(typeNode)));
}

const SaveBody = loose({
  id: z
    .unknown()
    .optional()
    .refine((v) => !v, { error: '新增时不能指定主键' }),
});

/** Creates a type (an id in the body is refused: this call never updates). */
async function saveType({ ctx, req }: Call<{ body: typeof SaveBody }>) {
  return ok(await submit(ctx, dictType, req, { beforeWrite: beforeTypeWrite }), '新增成功');
}

/** `fcode` always holds the parent's code; renaming a type's code carries its children and entries along. */
const beforeTypeWrite: NonNullable<ResourceHooks['beforeWrite']> = async ({ db, resource, scope, mode, existing }, values) => {
  const parentId = String(values.parentId ?? existing?.parentId ?? '0');
  const parent = parentId === '0' ? null : await findOne(db, resource, scope, { id: parentId });
  values.fcode = parent ? String(parent.dictType) : '';
  if (mode === 'update' && existing && values.dictType !== undefined && values.dictType !== existing.dictType) {
    await db.query(`update ${T.table} set ${T.c.fcode} = $1 where ${T.c.fcode} = $2 and ${T.live()}`, [values.dictType, existing.dictType]);
    await db.query(`update ${D.table} set ${D.c.dictType} = $1 where ${D.c.dictType} = $2 and ${D.live()}`, [
      values.dictType,
      existing.dictType,
    ]);
  }
};

/** Dictionary types form a tree of codes. */
export const dictTypeHooks: ResourceHooks = {
  beforeWrite: beforeTypeWrite,
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const docs = { querystring: listQuerySchema(r) };
    route.get(
      `${r.api}/cusTree`,
      { auth: { perm: permCode(r, 'view') }, summary: '字典类型树', query: ListMap, docs, data: Rows },
      typeTree,
    );
    const form = { body: submitBodySchema(r) };
    route.post(
      `${r.api}/save`,
      { auth: { perm: permCode(r, 'edit') }, summary: '新增字典类型', body: SaveBody, docs: form, data: RowAnswer },
      saveType,
    );
  },
};

/** Types in use with their entries in use beneath them (the entries read through the engine). */
async function typesWithEntries({ ctx, req }: Call) {
  const t = T.c;
  const types = await ctx.db.query<Row>(
    `select ${t.id}::text as id, ${t.parentId}::text as "parentId", ${t.dictType} as "dictType", ${t.dictName} as "dictName", ${t.fcode} as fcode
       from ${T.table} where ${T.live()} and ${t.inUse} = 1 order by ${t.orderNum}, ${t.id}`,
  );
  const entries = await rows(ctx.db, dictDetail, scopeOf(req), { ...listQuery(dictDetail, { inUse_equal: '1' }), size: 5000 });
  const byType = new Map<string, Row[]>();
  for (const e of entries) byType.set(String(e.dictType), [...(byType.get(String(e.dictType)) ?? []), e]);
  const leaves = types.flatMap((x) =>
    (byType.get(String(x.dictType)) ?? []).map((e) => ({
      ...e,
      parentId: x.id,
      title: e.dictValue,
      key: e.id,
      value: e.dictKey,
      leaf: true,
    })),
  );
  return ok(mergeForest([...types.map(typeNode), ...leaves]));
}

/** Entries of a type (the engine checks the type exists: `dictType` references it by code). */
export const dictDetailHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/getBmDictTree`,
      { auth: 'signed-in', summary: '字典类型及明细树', query: nothing, data: Rows },
      typesWithEntries,
    );
  },
};
