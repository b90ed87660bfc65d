import type { Row } from '@civdesk/db';
import { checkFormData, type FormFieldSchema, type FormSchema, permCode, type Resource } from '@civdesk/meta';
import { matIntForm } from '@civdesk/resources';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Obj, Rows } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { id, optional } from '../../core/input.ts';
import { langOf, scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { findOne } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { level } from '../../crud/tree.ts';
import { draftSchema } from '../../modules/forms/draft-schema.ts';
import { readVersion } from '../../modules/forms/versions.ts';
import { type ListRow, submitAll } from './submit-all.ts';

const LevelQuery = z.object({ formId: id, parentId: optional(id) });
const AllBody = z.object({ formId: id, fields: z.array(z.unknown(), { error: 'fields 应为字段数组' }) });
const DataBody = z.object({ formId: id, data: z.record(z.string(), z.unknown(), { error: 'data 应为JSON对象' }) });

type Ctx = { ctx: AppContext; r: Resource };

/** One level of a form's field tree (groups hold fields), each row with hasChildren. */
async function levelOf({ ctx, r }: Ctx, req: Call['req'], formId: string, parentId: string) {
  const s = scopeOf(req);
  if (!(await findOne(ctx.db, matIntForm, s, { id: formId }))) throw notFound('表单不存在或已被删除');
  const p = new Params();
  return level(ctx.db, r, s, parentId, [`t."form_id" = ${p.add(formId)}`], p);
}

/** A draft row as the published schema would hold it (options and group aside). */
const asPublished = (row: Row) => ({
  label: row.fieldLabel ?? null,
  type: row.fieldType ?? null,
  required: Number(row.isRequired) === 1,
  maxLength: row.fieldLength == null ? null : Number(row.fieldLength),
  pattern: row.pattern || null,
  patternMessage: row.patternMessage || null,
  dictCode: row.dictCode || null,
  span: Number(row.span ?? 12),
  note: row.note || null,
});

/** Each row's state against the latest published version: new, changed or the same. */
function publishStates(rows: Row[], published: FormSchema | null) {
  return rows.map((row) => {
    const name = String(row.fieldName);
    let state = 'new';
    if (published && row.fieldType === 'group') {
      const g = published.groups.find((x) => x.name === name);
      if (g) state = g.label === row.fieldLabel ? 'same' : 'changed';
    } else if (published) {
      const was = published.fields.find((f: FormFieldSchema) => f.name === name);
      if (was) {
        const now = asPublished(row);
        const same = (Object.keys(now) as (keyof typeof now)[]).every((k) => (was[k] ?? null) === now[k]);
        state = same ? 'same' : 'changed';
      }
    }
    return { ...row, publishState: state };
  });
}

export function registerFormDetailRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const api = routes(app, ctx, [r.label.en]);
  const view = { perm: permCode(r, 'view') };
  const c = { ctx, r };

  api.get(`${r.api}/lazyList`, { auth: view, summary: '表单字段懒加载(一层)', query: LevelQuery, data: Rows }, async ({ req, query }) =>
    ok(await levelOf(c, req, query.formId, query.parentId ?? '0')),
  );

  // The same level, each row marked against the latest published version (the designer shows
  // what publishing would change): publishState new | changed | same.
  api.get(
    `${r.api}/newLazyList`,
    { auth: view, summary: '表单字段懒加载(含发布差异)', query: LevelQuery, data: Rows },
    async ({ req, query }) => {
      const rows = await levelOf(c, req, query.formId, query.parentId ?? '0');
      const s = scopeOf(req);
      const form = await findOne(ctx.db, matIntForm, s, { id: query.formId });
      const latest = Number(form?.latestVersion ?? 0);
      const published = latest ? (await readVersion(ctx.db, s, query.formId, latest)).schema : null;
      return ok(publishStates(rows, published));
    },
  );

  api.post(
    `${r.api}/submitAll`,
    {
      auth: { perm: [permCode(r, 'add'), permCode(r, 'edit')] },
      summary: '整体保存表单字段(全部成功或全部不变)',
      body: AllBody,
      data: z.object({ formId: z.string(), count: z.number().int() }),
    },
    async ({ req, body }) => ok(await ctx.db.tx((db) => submitAll(db, scopeOf(req), body.formId, body.fields as ListRow[])), '保存成功'),
  );

  // Checks data against the form's current draft, as the designer's preview submits it: the same
  // compiled checks a published version gets, before anything is published.
  api.post(
    `${r.api}/submitData`,
    { auth: view, summary: '按草稿校验表单数据(预览试填)', body: DataBody, data: Obj },
    async ({ req, body }) => {
      const s = scopeOf(req);
      const form = await findOne(ctx.db, matIntForm, s, { id: body.formId });
      if (!form) throw notFound('表单不存在或已被删除');
      const draft = await draftSchema(ctx.db, s, { id: body.formId, formName: String(form.formName), tenantId: String(form.tenantId) }, 0);
      const checked = checkFormData(draft, body.data, langOf(req));
      if (!checked.ok) throw badRequest(checked.errors[0].message, { errors: checked.errors });
      return ok(checked.data, '校验通过');
    },
  );
}
