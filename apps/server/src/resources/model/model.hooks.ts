import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { loadModel } from '../../modules/develop/models.ts';
import { defaultPrototypes } from '../../modules/develop/prototypes.ts';
import { checkSource, checkTableName, listTables, tableInfo } from '../../modules/develop/schema-reader.ts';

const Source = loose({ datasourceId: z.unknown().optional() });
const TableQuery = loose({ tableName: z.unknown().optional(), datasourceId: z.unknown().optional() });
const ModelQuery = loose({ modelId: z.unknown().optional(), datasourceId: z.unknown().optional() });

/** The tables of the data source (the product's own database), by name. */
async function tableList({ ctx, req, params }: Call<{ params: typeof Source }>) {
  await checkSource(ctx.db, scopeOf(req), params.datasourceId);
  return ok(await listTables(ctx.db));
}

/** One table's columns: name, type as a migration writes it, comment, key flag, default. */
async function tableInfoCall({ ctx, req, params }: Call<{ params: typeof TableQuery }>) {
  await checkSource(ctx.db, scopeOf(req), params.datasourceId);
  return ok(await tableInfo(ctx.db, params.tableName));
}

/** A model's default field rows, read from its table now (what the field table starts from before any is saved). */
async function modelPrototypeCall({ ctx, req, params }: Call<{ params: typeof ModelQuery }>) {
  const s = scopeOf(req);
  const m = await loadModel(ctx.db, s, params.modelId);
  await checkSource(ctx.db, s, params.datasourceId ?? m.datasourceId);
  const info = await tableInfo(ctx.db, m.modelTable);
  return ok(defaultPrototypes(info).map((p) => ({ ...p, modelId: String(m.id) })));
}

/** Code models: a table of the product's own database must exist; their calls read the schema. */
export const modelHooks: ResourceHooks = {
  async beforeWrite(w, values) {
    // A model of another data source is kept as typed (the reference check found the source); only
    // the product's own tables can be checked, and read by the calls below.
    const source = values.datasourceId !== undefined ? values.datasourceId : w.existing?.datasourceId;
    if (source !== undefined && source !== null && source !== '' && String(source) !== '0') return;
    const table = values.modelTable ?? w.existing?.modelTable;
    const name = checkTableName(table);
    const found = await w.db.query(
      `select 1 from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name = $1`,
      [name],
    );
    if (!found.length) throw badRequest(`表不存在: ${name}`, { errors: [{ field: 'modelTable', message: `表不存在: ${name}` }] });
  },
  routes(app, r, ctx) {
    const view = { perm: `${r.name}_view` };
    const api = routes(app, ctx, [r.label.en]);
    api.get(
      `${r.api}/table-list`,
      { auth: view, summary: '数据源的表', params: Source, data: z.array(z.looseObject({ name: z.string(), comment: z.string() })) },
      tableList,
    );
    api.get(`${r.api}/table-info`, { auth: view, summary: '表的字段', params: TableQuery, data: Obj }, tableInfoCall);
    api.get(
      `${r.api}/model-prototype`,
      { auth: view, summary: '按表读取模型的默认字段配置', params: ModelQuery, data: z.array(Obj) },
      modelPrototypeCall,
    );
  },
};
