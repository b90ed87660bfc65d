import { formFieldKinds, isValidPattern, permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Page, Row } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { plain, scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks, WriteContext } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { page } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';

const kinds = formFieldKinds.map((k) => k.value).filter((k) => k !== 'group') as [string, ...string[]];

/** One field of a single form: the published form schema's field shape. */
const SimpleField = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
    .max(64),
  label: z.string().min(1).max(100),
  type: z.enum(kinds),
  required: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(2000).optional(),
  pattern: z.string().max(200).refine(isValidPattern).optional(),
  patternMessage: z.string().max(100).optional(),
  dictCode: z.string().max(64).optional(),
  options: z
    .array(z.object({ value: z.string().max(64), label: z.string().max(100) }))
    .max(200)
    .optional(),
  span: z.number().int().min(1).max(24).optional(),
  note: z.string().max(200).optional(),
});
const SimpleFields = z.array(SimpleField).min(1).max(200);

/** fieldsJson must be a JSON list of fields with unique names. */
async function beforeWrite(_ctx: WriteContext, v: Record<string, unknown>) {
  if (v.fieldsJson === undefined) return;
  const refuse = (message: string) => badRequest(message, { errors: [{ field: 'fieldsJson', message }] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(v.fieldsJson));
  } catch {
    throw refuse('字段定义应为JSON数组');
  }
  const r = SimpleFields.safeParse(parsed);
  if (!r.success) {
    const at = r.error.issues[0].path;
    throw refuse(
      typeof at[0] === 'number' ? `第${at[0] + 1}个字段的${String(at[1] ?? '')}格式不正确` : '字段定义应为1到200个字段的JSON数组',
    );
  }
  const names = r.data.map((f) => f.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw refuse(`字段名 ${dup} 重复`);
  v.fieldsJson = JSON.stringify(r.data);
}

function registerSimpleFormRoutes(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const api = routes(app, ctx, [r.label.en]);
  const add = { perm: permCode(r, 'add') };
  const edit = { perm: permCode(r, 'edit') };
  const perms = { create: permCode(r, 'add'), update: permCode(r, 'edit') };
  const docs = { body: { type: 'object', additionalProperties: true } };
  const hasId = (b: Record<string, unknown>) => b.id !== undefined && b.id !== null && b.id !== '';
  /** Saves through the engine's submit (the definition's schema, tenant and audit columns). */
  const save =
    (mode: 'create' | 'update', simple: boolean) =>
    async ({ req }: { req: Parameters<typeof submit>[2] }) => {
      const body = plain(req.body);
      if (mode === 'create' && hasId(body)) throw badRequest('新增时不能指定id');
      if (mode === 'update' && !hasId(body)) throw badRequest('缺少必要的请求参数：id');
      if (simple) {
        // The single-form calls take the fields as a list and store them as fieldsJson.
        const { fields, ...rest } = body;
        if (fields !== undefined) req.body = { ...rest, fieldsJson: JSON.stringify(fields) };
      }
      return ok(await submit(ctx, r, req, formDefConfHooks, perms), mode === 'create' ? '新增成功' : '更新成功');
    };
  api.get(
    `${r.api}/cusList`,
    { auth: { perm: permCode(r, 'view') }, summary: '单表表单分页列表', docs: { querystring: { type: 'object' } }, data: Page },
    async ({ req }) => ok(await page(ctx.db, r, scopeOf(req), listQuery(r, req.query))),
  );
  api.post(`${r.api}/save`, { auth: add, summary: '新增', docs, data: Row }, save('create', false));
  api.post(`${r.api}/update`, { auth: edit, summary: '修改', docs, data: Row }, save('update', false));
  api.post(`${r.api}/cusSaveSimpleSingle`, { auth: add, summary: '新增单表表单(字段列表)', docs, data: Row }, save('create', true));
  api.post(`${r.api}/cusUpdateSimple`, { auth: edit, summary: '修改单表表单(字段列表)', docs, data: Row }, save('update', true));
}

export const formDefConfHooks: ResourceHooks = { beforeWrite, routes: registerSimpleFormRoutes };
