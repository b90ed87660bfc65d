import { fieldErrors, toSubmitSchema } from '@civdesk/meta';
import { dictionaries, model, modelPrototype } from '@civdesk/resources';
import { z } from 'zod';
import { Done, Obj } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { insert } from '../../crud/repository.ts';
import { loadModel, savedPrototypes } from '../../modules/develop/models.ts';
import { baseColumns } from '../../modules/develop/prototypes.ts';
import { checkSource, tableInfo } from '../../modules/develop/schema-reader.ts';

const P = sqlOf(modelPrototype);
const MAX_FIELDS = 300;

const ModelQuery = loose({ modelId: z.unknown().optional() });
const FieldList = z.array(z.unknown(), { error: '请求体应为字段配置的数组' });

/** A model's saved field rows, in order. */
async function select({ ctx, req, params }: Call<{ params: typeof ModelQuery }>) {
  const s = scopeOf(req);
  const m = await loadModel(ctx.db, s, params.modelId);
  return ok(await savedPrototypes(ctx.db, s, String(m.id)));
}

/**
 * Saves a model's whole field list at once (the field table's save): every row checked as the
 * definition says, then against the table (a column of it, not an engine column), property names
 * unique, dictionaries declared; the old rows are replaced in one transaction, or nothing changes.
 */
async function submitList({ ctx, req, body }: Call<{ body: typeof FieldList }>) {
  if (!body.length) throw badRequest('请至少提交一个字段');
  if (body.length > MAX_FIELDS) throw badRequest(`字段不能超过${MAX_FIELDS}个`);
  const s = scopeOf(req);
  const schema = toSubmitSchema(modelPrototype, 'create');
  const items = body.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`第${i + 1}个字段应为JSON对象`);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const first = fieldErrors(parsed.error)[0];
      const label = (modelPrototype.allFields as Record<string, { label: { zh: string } } | undefined>)[first.field]?.label.zh;
      throw badRequest(`第${i + 1}个字段: ${label && !first.message.includes(label) ? `${label}: ` : ''}${first.message}`);
    }
    return parsed.data as Record<string, unknown>;
  });
  const modelIds = new Set(items.map((x) => String(x.modelId)));
  if (modelIds.size > 1) throw badRequest('一次只能保存一个数据模型的字段');
  const m = await loadModel(ctx.db, s, [...modelIds][0]);
  await checkSource(ctx.db, s, m.datasourceId);
  const columns = new Set((await tableInfo(ctx.db, m.modelTable)).fields.map((c) => c.name));
  const names = new Set<string>();
  const jdbcNames = new Set<string>();
  for (const [i, x] of items.entries()) {
    const at = `第${i + 1}个字段`;
    const jdbc = String(x.jdbcName);
    const prop = String(x.propertyName);
    if (!columns.has(jdbc)) throw badRequest(`${at}: 表 ${m.modelTable} 没有列 ${jdbc}`);
    if (baseColumns.has(jdbc)) throw badRequest(`${at}: ${jdbc} 是系统基础列，由系统维护，无需配置`);
    if (jdbcNames.has(jdbc)) throw badRequest(`${at}: 列 ${jdbc} 重复`);
    if (!/^[a-z][A-Za-z0-9]*$/.test(prop)) throw badRequest(`${at}: 属性名「${prop}」须以小写字母开头，只含字母和数字`);
    if (names.has(prop)) throw badRequest(`${at}: 属性名「${prop}」重复`);
    if (x.dictCode && !dictionaries[String(x.dictCode)]) throw badRequest(`${at}: 字典「${String(x.dictCode)}」不存在`);
    names.add(prop);
    jdbcNames.add(jdbc);
  }
  await ctx.db.tx(async (t) => {
    await t.query(`update ${P.table} set ${P.c.isDeleted} = 1 where ${P.c.modelId} = $1 and ${P.live()}`, [m.id]);
    for (const [i, x] of items.entries()) await insert(t, modelPrototype, s, { ...x, sort: x.sort ?? i + 1 });
  });
  return ok(true, '保存成功');
}

/** Field rows are written as a model's whole list; `select` reads them back. Guarded by the model screen's buttons. */
export const modelPrototypeHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const api = routes(app, ctx, [r.label.en]);
    api.get(
      `${r.api}/select`,
      { auth: { perm: `${model.name}_view` }, summary: '数据模型的字段配置', params: ModelQuery, data: z.array(Obj) },
      select,
    );
    api.post(
      `${r.api}/submit-list`,
      { auth: { perm: `${model.name}_edit` }, summary: '保存数据模型的全部字段配置', body: FieldList, data: Done },
      submitList,
    );
  },
};
