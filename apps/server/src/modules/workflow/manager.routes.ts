import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Done, Obj, pageShape } from '../../core/answers.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, HttpError, notFound, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { callerOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import { InstanceCommands } from './admin.ts';
import { deploy, flowProcessColumns, MAX_XML_BYTES, withCategoryName } from './definitions.ts';
import { historyFlow, instanceSelect, Params, pageOf } from './lists.ts';
import { tenantsOf } from './model.routes.ts';
import { workflowOf } from './runtime.ts';
import { idCsv, instanceId, paging, searchText } from './schemas.ts';
import { assertSeesInstance, instanceScope } from './scope.ts';

// 部署管理 (deployed versions), 流程跟踪 (running instances) and the flow diagram's data.

const MANAGER = '/api/blade-flow/manager';
const FOLLOW = '/api/blade-flow/follow';
const PROCESS = '/api/blade-flow/process';
/** Whoever sees a work list or the administration screens may open an instance's diagram. */
const VIEWERS = ['flow_model', 'flow_manager', 'flow_follow', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done'];

type Upload = { name: string; xml: string };

const UPLOAD_DOCS = {
  consumes: ['multipart/form-data'],
  body: {
    type: 'object',
    properties: {
      category: { type: 'string' },
      tenantIds: { type: 'string' },
      files: { type: 'array', items: { type: 'string', format: 'binary' } },
    },
  },
};

/** The multipart form of deploy-upload: category, tenantIds and up to 10 BPMN files of at most 5 MB. */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  if (!req.isMultipart()) throw badRequest('请上传流程文件');
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  try {
    for await (const part of req.parts({ limits: { files: 10, fileSize: MAX_XML_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (!/\.(bpmn|bpmn20\.xml)$/i.test(part.filename)) {
        part.file.resume();
        throw badRequest(`只能上传 .bpmn 或 .bpmn20.xml 文件: ${part.filename}`);
      }
      const buf = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, '流程文件不能超过5MB');
      files.push({ name: part.filename.slice(0, 255), xml: buf.toString('utf8') });
    }
  } catch (e) {
    // What the multipart parser complains about is the client's: a file too large, too many, a body cut short.
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, '流程文件不能超过5MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次最多上传10个文件');
    req.log.debug({ err: e }, 'malformed multipart body');
    throw badRequest('上传内容不完整或格式不正确');
  }
  if (!files.length) throw badRequest('请上传流程文件');
  return { fields, files };
}

export function registerManagerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = routes(app, ctx, ['Workflow']);
  const tz = ctx.tz;
  const rt = workflowOf(ctx);
  const admin = new InstanceCommands(rt);

  r.get(
    `${MANAGER}/list`,
    {
      auth: { perm: ['flow_manager', 'work_start'] },
      summary: '流程定义列表',
      query: z.object({ ...paging, category: searchText, name: searchText, key: searchText }),
      data: pageShape(Obj),
    },
    ({ req, query }) => {
      const s = new Params();
      const z1 = tz;
      let from = `from wf_definition d where d.tenant_id = ${s.p(callerOf(req).tenantId)}`;
      if (query.category) from += ` and d.category = ${s.p(query.category)}`;
      if (query.name) from += ` and d.name ilike ${s.p(`%${query.name}%`)}`;
      if (query.key) from += ` and d.process_key ilike ${s.p(`%${query.key}%`)}`;
      return pageOf(ctx.db, s, from, flowProcessColumns(z1), 'd.deploy_time desc, d.id desc', query).then(ok);
    },
  );

  r.post(
    `${MANAGER}/change-state`,
    {
      auth: { perm: 'flow_manager_state' },
      summary: '激活或挂起流程定义',
      params: z.object({ state: z.enum(['active', 'suspend'], { error: 'state 应为 active 或 suspend' }), processId: id }),
      data: Done,
    },
    async ({ req, params }) => {
      const rows = await ctx.db.query('update wf_definition set suspension_state = $3 where id = $1 and tenant_id = $2 returning id', [
        params.processId,
        callerOf(req).tenantId,
        params.state === 'active' ? 1 : 2,
      ]);
      if (!rows.length) throw notFound('流程定义不存在');
      return ok(true, params.state === 'active' ? '激活成功' : '挂起成功');
    },
  );

  r.post(
    `${MANAGER}/deploy-upload`,
    { auth: { perm: 'flow_manager_upload' }, summary: '上传部署流程文件', docs: UPLOAD_DOCS, data: z.array(Obj) },
    async ({ req }) => {
      const c = callerOf(req);
      const { fields, files } = await readUpload(req);
      const tenants = tenantsOf(c, fields.tenantIds);
      const category = fields.category?.trim() || null;
      const ids = await ctx.db.tx(async (q) => {
        const out: string[] = [];
        for (const f of files)
          out.push(...(await deploy(q, f.xml, { tenantIds: tenants, category, resourceName: f.name, actor: c.userId })));
        return out;
      });
      const rows = await ctx.db.query<{ category: string | null }>(
        `select ${flowProcessColumns(tz)} from wf_definition d where d.id in (select jsonb_array_elements_text($1::jsonb)::bigint) order by d.id`,
        [JSON.stringify(ids)],
      );
      return ok(rows.map(withCategoryName), '部署成功');
    },
  );

  r.post(
    `${MANAGER}/delete-deployment`,
    {
      auth: { perm: 'flow_manager_delete' },
      summary: '删除部署',
      params: z.object({
        deploymentIds: idCsv('部署'),
        cascade: z
          .union([z.boolean(), z.string()])
          .optional()
          .transform((v) => v === true || v === 'true'),
      }),
      data: Done,
    },
    async ({ req, params }) => {
      const c = callerOf(req);
      const ids = JSON.stringify(params.deploymentIds);
      await ctx.db.tx(async (q) => {
        const defs = `(select id from wf_definition where tenant_id = $1 and deployment_id in (select jsonb_array_elements_text($2::jsonb)::bigint))`;
        // Locked before the running instances are read: a start under way (it holds its definition
        // shared) commits first and is counted; a later one waits and then finds no definition.
        await q.query(`select 1 from wf_definition where id in ${defs} for update`, [c.tenantId, ids]);
        const running = await q.query<{ id: string }>(
          `select id::text from wf_instance where status = 'active' and definition_id in ${defs}`,
          [c.tenantId, ids],
        );
        if (running.length && !params.cascade) throw badRequest('该流程存在运行中的实例，不能删除');
        for (const i of running) await admin.terminateIn(q, c, c.tenantId, i.id, '删除部署');
        await q.query(
          `delete from wf_definition where tenant_id = $1 and deployment_id in (select jsonb_array_elements_text($2::jsonb)::bigint)`,
          [c.tenantId, ids],
        );
      });
      return ok(true);
    },
  );

  r.get(
    `${FOLLOW}/list`,
    {
      auth: { perm: 'flow_follow' },
      summary: '流程跟踪列表',
      query: z.object({ ...paging, processDefinitionKey: searchText, name: searchText, startUserName: searchText }),
      data: pageShape(Obj),
    },
    ({ req, query }) => {
      const s = new Params();
      const z1 = tz;
      const c = callerOf(req);
      let from = `from wf_instance i join wf_definition d on d.id = i.definition_id where i.tenant_id = ${s.p(c.tenantId)}${instanceScope(s, c)}`;
      if (query.processDefinitionKey) from += ` and d.process_key = ${s.p(query.processDefinitionKey)}`;
      if (query.name) from += ` and d.name ilike ${s.p(`%${query.name}%`)}`;
      if (query.startUserName) from += ` and i.start_user_name ilike ${s.p(`%${query.startUserName}%`)}`;
      return pageOf(ctx.db, s, from, instanceSelect(z1), 'i.started_at desc, i.id desc', query).then(ok);
    },
  );

  r.post(
    `${FOLLOW}/delete-process-instance`,
    {
      auth: { perm: 'flow_follow_delete' },
      summary: '删除流程实例',
      params: z.object({
        processInstanceId: id,
        deleteReason: z.string({ error: '请输入删除原因' }).trim().min(1, { error: '请输入删除原因' }).max(500),
      }),
      data: Done,
    },
    async ({ req, params }) => {
      const c = callerOf(req);
      await assertSeesInstance(ctx.db, c, params.processInstanceId);
      await admin.terminate(c, c.tenantId, params.processInstanceId, params.deleteReason);
      return ok(true);
    },
  );

  r.post(
    `${FOLLOW}/suspend`,
    { auth: { perm: 'flow_follow_suspend' }, summary: '挂起流程实例', params: instanceId, data: Done },
    async ({ req, params }) => {
      const c = callerOf(req);
      await assertSeesInstance(ctx.db, c, params.processInstanceId);
      await admin.suspend(c, c.tenantId, params.processInstanceId);
      return ok(true, '挂起成功');
    },
  );

  r.post(
    `${FOLLOW}/resume`,
    { auth: { perm: 'flow_follow_suspend' }, summary: '激活流程实例', params: instanceId, data: Done },
    async ({ req, params }) => {
      const c = callerOf(req);
      await assertSeesInstance(ctx.db, c, params.processInstanceId);
      await admin.resume(c, c.tenantId, params.processInstanceId);
      return ok(true, '激活成功');
    },
  );

  r.post(
    `${FOLLOW}/migrate`,
    {
      auth: { perm: 'flow_follow_migrate' },
      summary: '迁移流程实例到其他版本',
      body: z.object({ processInstanceId: id, processDefinitionId: id, mapping: z.record(z.string(), z.string()).optional() }),
      data: Done,
    },
    async ({ req, body }) => {
      const c = callerOf(req);
      await assertSeesInstance(ctx.db, c, body.processInstanceId);
      await admin.migrate(c, c.tenantId, body.processInstanceId, body.processDefinitionId, body.mapping ?? {});
      return ok(true);
    },
  );

  r.get(
    `${PROCESS}/model-view`,
    {
      auth: { perm: VIEWERS },
      summary: '流程图',
      query: z.object({ processInstanceId: id.optional(), processDefinitionId: id.optional() }),
      data: z.looseObject({ xml: z.string() }),
    },
    async ({ req, query }) => {
      const c = callerOf(req);
      const tenantId = c.tenantId;
      if (query.processInstanceId) {
        await assertSeesInstance(ctx.db, c, query.processInstanceId, { participants: true });
        const [d] = await ctx.db.query<{ xml: string }>(
          'select d.xml from wf_instance i join wf_definition d on d.id = i.definition_id where i.id = $1 and i.tenant_id = $2',
          [query.processInstanceId, tenantId],
        );
        if (!d) throw notFound('流程实例不存在');
        const flows = await ctx.db.query<{ id: string }>(
          'select distinct flow_id as id from wf_history where instance_id = $1 and tenant_id = $2 and flow_id is not null order by 1',
          [query.processInstanceId, tenantId],
        );
        // `takenFlows`: the sequence flows the instance went along, drawn as taken lines.
        return ok({
          xml: d.xml,
          flow: await historyFlow(ctx.db, tz, tenantId, query.processInstanceId),
          takenFlows: flows.map((f) => f.id),
        });
      }
      if (!query.processDefinitionId) throw badRequest('请指定流程实例或流程定义');
      const [d] = await ctx.db.query<{ xml: string }>('select xml from wf_definition where id = $1 and tenant_id = $2', [
        query.processDefinitionId,
        tenantId,
      ]);
      if (!d) throw notFound('流程定义不存在');
      return ok({ xml: d.xml, flow: [], takenFlows: [] });
    },
  );

  r.get(
    `${PROCESS}/history-flow-list`,
    { auth: { perm: VIEWERS }, summary: '流转记录', query: instanceId, data: z.array(Obj) },
    async ({ req, query }) => {
      const c = callerOf(req);
      await assertSeesInstance(ctx.db, c, query.processInstanceId, { participants: true });
      return ok(await historyFlow(ctx.db, tz, c.tenantId, query.processInstanceId));
    },
  );
}
