import { code, model } from '@civdesk/resources';
import { z } from 'zod';
import { Row } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose } from '../../core/input.ts';
import { parseIds, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, insert } from '../../crud/repository.ts';
import { type CodeConfig, generate } from '../../modules/develop/generate.ts';
import { loadModel, savedPrototypes } from '../../modules/develop/models.ts';
import { defaultPrototypes, type Prototype } from '../../modules/develop/prototypes.ts';
import { checkSource, tableInfo } from '../../modules/develop/schema-reader.ts';

const MAX_AT_ONCE = 20;
const GenParams = loose({ ids: z.unknown().optional(), system: z.unknown().optional() });
const CopyParams = loose({ id: z.unknown().optional() });

const today = (tz: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: tz }).format(new Date());

/**
 * Generates the files of the chosen generators (`ids`), from each one's model: its saved field rows
 * (or, before any is saved, the defaults read from its table) and the table as it is now. The
 * files are answered as text; nothing is written on the server. `system` (saber/sword) is accepted
 * for the family's clients and changes nothing.
 */
async function genCode({ ctx, req, params }: Call<{ params: typeof GenParams }>) {
  const ids = parseIds(params.ids);
  if (!ids.length) throw badRequest('请选择要生成的代码');
  if (ids.length > MAX_AT_ONCE) throw badRequest(`一次最多生成${MAX_AT_ONCE}个`);
  const s = scopeOf(req);
  const out = [];
  for (const id of ids) {
    const row = await findOne(ctx.db, code, s, { id });
    if (!row) throw badRequest('代码生成配置不存在');
    const m = await loadModel(ctx.db, s, row.modelId);
    await checkSource(ctx.db, s, m.datasourceId);
    const table = await tableInfo(ctx.db, m.modelTable);
    const saved = await savedPrototypes(ctx.db, s, String(m.id));
    const prototypes: Prototype[] = saved.length ? saved : defaultPrototypes(table);
    const generated = generate(row as unknown as CodeConfig, m as never, prototypes, table, today(s.tz));
    out.push({ id: String(row.id), codeName: String(row.codeName), ...generated });
  }
  return ok(out, '代码生成成功');
}

/** A copy of a generator, named `<codeName>-copy` as the family's clients expect. */
async function copy({ ctx, req, params }: Call<{ params: typeof CopyParams }>) {
  const s = scopeOf(req);
  const id = params.id === undefined || params.id === null ? '' : String(params.id);
  if (!/^\d{1,19}$/.test(id)) throw badRequest('请选择要复制的代码生成配置');
  const row = await findOne(ctx.db, code, s, { id });
  if (!row) throw badRequest('代码生成配置不存在');
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(code.fields)) values[key] = row[key];
  values.codeName = `${String(row.codeName)}-copy`.slice(0, code.fields.codeName.max ?? 64);
  const copied = await ctx.db.tx((t) => insert(t, code, s, values));
  return ok(copied, '复制成功');
}

/** Generators: their model must exist; `gen-code` answers the generated files, `copy` duplicates one. */
export const codeHooks: ResourceHooks = {
  async beforeWrite(w, values) {
    const modelId = values.modelId ?? w.existing?.modelId;
    const m = await findOne(w.db, model, w.scope, { id: String(modelId) });
    if (!m) throw badRequest('数据模型不存在', { errors: [{ field: 'modelId', message: '数据模型不存在' }] });
    const template = values.templateType ?? w.existing?.templateType;
    if (template === 'tree' && !(values.treePid ?? w.existing?.treePid)) {
      throw badRequest('树表模板须填写树父主键字段', { errors: [{ field: 'treePid', message: '树表模板须填写树父主键字段' }] });
    }
  },
  routes(app, r, ctx) {
    const api = routes(app, ctx, [r.label.en]);
    api.post(
      `${r.api}/gen-code`,
      {
        auth: { perm: `${r.name}_gen` },
        summary: '生成代码（答复生成的文件）',
        params: GenParams,
        data: z.array(z.looseObject({ id: z.string(), codeName: z.string() })),
      },
      genCode,
    );
    api.post(`${r.api}/copy`, { auth: { perm: `${r.name}_copy` }, summary: '复制代码生成配置', params: CopyParams, data: Row }, copy);
  },
};
