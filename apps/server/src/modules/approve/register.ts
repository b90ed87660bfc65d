import type { Queryable } from '@civdesk/db';
import { isIdCard } from '@civdesk/meta';
import { demoApply, demoApplyMember, matIntElement, matWfVersion } from '@civdesk/resources';
import { z } from 'zod';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';
import { validateFormData } from '../forms/validate.ts';
import { conflict, type WorkflowRuntime } from '../workflow/runtime.ts';
import { loadApply, setApply } from './apply-store.ts';
import { localDate, versionSteps } from './deadlines.ts';
import { taskCommandsIn } from './in-tx.ts';
import { whoIs } from './people.ts';
import { syncApply } from './sync.ts';

// 事项申报: a draft (暂存) or a registration (申报) that takes the item's workflow version enabled
// today, checks the data against the published application form and starts the process. The
// applicant's own first step (申请登记, not configured) is completed by the registrant at once.

const I = sqlOf(matIntElement);
const M = sqlOf(demoApplyMember);
const V = sqlOf(matWfVersion);

/** The item's workflow version enabled on a date (yyyy-MM-dd), as the version screens choose it. */
async function enabledVersion(q: Queryable, tenantId: string, itemId: string, date: string) {
  const [v] = await q.query<{ id: string; flowDefId: string }>(
    `select ${V.c.id}::text as id, ${V.c.flowDefId} as "flowDefId" from ${V.table} where ${V.live('$1')} and ${V.c.itemId} = $2
        and ${V.c.startTime} <= $3::date and coalesce(${V.c.endTime}, 'infinity'::date) >= $3::date
      order by ${V.c.startTime} desc limit 1`,
    [tenantId, itemId, date],
  );
  return v ?? null;
}

const name = (msg: string, max: number) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, { error: msg })
    .max(max, { error: `${msg.slice(3)}过长` });
const idCard = (msg: string) => z.string({ error: msg }).trim().toUpperCase().refine(isIdCard, { error: '身份证号格式不正确' });
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || /^1\d{10}$/.test(v) || /^0\d{2,3}-?\d{7,8}$/.test(v), { error: '手机号格式不正确' })
  .optional()
  .nullable();

export const registerBody = z.object({
  id: id.optional(),
  itemId: id,
  mathfVersionId: id.optional().nullable(),
  submit: z.boolean({ error: 'submit 应为 true 或 false' }).default(false),
  formData: z.record(z.string(), z.unknown(), { error: '表单数据应为JSON对象' }).default({}),
  applicant: z.object(
    {
      applicantName: name('请输入申请人姓名', 50),
      applicantIdCard: idCard('请输入身份证号'),
      applicantPhone: phone,
      regionId: z.string().max(32, { error: '区域编码过长' }).optional().nullable(),
      applicantAddress: z.string().max(200, { error: '地址过长' }).optional().nullable(),
    },
    { error: '请填写申请人信息' },
  ),
  members: z
    .array(
      z.object({
        memberName: name('请输入家庭成员姓名', 50),
        memberIdCard: idCard('请输入家庭成员身份证号').optional().nullable(),
        relation: z.string().max(20, { error: '关系过长' }).optional().nullable(),
        memberPhone: phone,
      }),
      { error: '家庭成员应为数组' },
    )
    .max(30, { error: '家庭成员最多30人' })
    .default([]),
  source: z.enum(['1', '2', '3'], { error: '来源应为 1、2 或 3' }).default('1'),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Scalar form values usable by gateway conditions (amountRequested > 1000). */
function routingVars(data: Record<string, unknown>) {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(data)) {
    if (!/^[A-Za-z_]\w{0,63}$/.test(k)) continue;
    if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (typeof v === 'string' && v.length <= 200) out[k] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  return out;
}

async function who(q: Queryable, s: Scope) {
  const me = await whoIs(q, s.caller);
  return { registerPeople: me.name, registerDeptName: me.deptName };
}

export async function register(rt: WorkflowRuntime, q: Queryable, s: Scope, body: RegisterBody) {
  const c = s.caller;
  const now = rt.clock();
  const [item] = await q.query<{ itemName: string; itemNo: string | null }>(
    `select ${I.c.itemName} as "itemName", ${I.c.itemNo} as "itemNo" from ${I.table} where ${I.c.id}::text = $1 and ${I.live('$2')}`,
    [body.itemId, c.tenantId],
  );
  if (!item) throw badRequest('事项不存在');
  const version = await enabledVersion(q, c.tenantId, body.itemId, localDate(now, s.tz));
  if (!version) throw badRequest('该事项没有启用的流程版本');
  if (body.mathfVersionId && body.mathfVersionId !== String(version.id)) throw badRequest('流程版本不是该事项当前启用的版本');
  const versionId = String(version.id);
  let data = body.formData;
  if (body.submit) {
    const formId = (await versionSteps(q, c.tenantId, versionId))[0]?.publicFormPc;
    if (formId) data = (await validateFormData(q, s, formId, 'latest', data)).data;
  }
  const values = {
    itemId: body.itemId,
    mathfVersionId: versionId,
    itemName: item.itemName,
    itemNo: item.itemNo,
    ...body.applicant,
    formData: JSON.stringify({ apply: data }),
    applyStatus: 'DRAFT',
    source: body.source,
  };
  let applyId: string;
  if (body.id) {
    const old = await loadApply(q, c.tenantId, body.id, true);
    if (old.createUser !== c.userId) throw badRequest('只能修改自己暂存的办件');
    if (old.applyStatus !== 'DRAFT') throw conflict('办件已申报');
    await setApply(q, body.id, values);
    await q.query(`update ${M.table} set ${M.c.isDeleted} = 1 where ${M.c.applyId} = $1 and ${M.live('$2')}`, [body.id, c.tenantId]);
    applyId = body.id;
  } else {
    applyId = String((await insert(q, demoApply, s, { ...values, ...(await who(q, s)) })).id);
  }
  for (const m of body.members) await insert(q, demoApplyMember, s, { ...m, applyId });
  if (!body.submit) return { id: applyId, status: 'DRAFT', processInstanceId: null };

  const instanceId = await rt.start(
    {
      tenantId: c.tenantId,
      definitionId: String(version.flowDefId),
      starter: c.userId,
      starterName: c.userName,
      starterDept: c.deptId === '0' ? null : c.deptId,
      businessTable: demoApply.table,
      businessKey: applyId,
      variables: { ...routingVars(data), matWfVersionId: versionId },
    },
    q,
  );
  await setApply(q, applyId, { processInstanceId: instanceId, applyStatus: 'SUBMITTED', ...(body.id ? await who(q, s) : {}) });
  // The applicant's own first step (no configuration) is the registration itself.
  const configured = new Set((await versionSteps(q, c.tenantId, versionId)).map((x) => x.userTaskId));
  const [first] = await q.query<{ id: string; nodeId: string }>(
    `select id::text, node_id as "nodeId" from wf_task where instance_id = $1::bigint and status = 'open' order by created_at, id limit 1`,
    [instanceId],
  );
  if (first && !configured.has(first.nodeId)) {
    await q.query('update wf_task set assignee = $2, claim_time = $3 where id = $1::bigint', [first.id, c.userId, now.toISOString()]);
    await taskCommandsIn(rt, q).complete(c, { taskId: first.id, comment: '申报' });
  }
  await syncApply(q, s.tz, await loadApply(q, c.tenantId, applyId, true), now);
  return { id: applyId, status: 'SUBMITTED', processInstanceId: instanceId };
}
