import { z } from 'zod';
import { id, optional } from '../../core/input.ts';
import { idCsv, paging, searchText } from '../workflow/schemas.ts';

// Input pieces of the approval routes.

export const applyQuery = z.object({ applyId: id });

const warn = optional(z.coerce.number({ error: 'warnState 应为 0-3' }).int({ error: 'warnState 应为 0-3' }).min(0).max(3));

export const todoQuery = z.object({ ...paging, itemName: searchText, applicantName: searchText, warnState: warn });

/** `{current, size, param: {…}}` of the POST lists (param may be missing). */
export const postList = z.object({
  ...paging,
  param: z
    .object({ itemName: searchText, applicantName: searchText, warnState: warn }, { error: 'param 应为对象' })
    .optional()
    .default({ itemName: undefined, applicantName: undefined, warnState: undefined }),
});

export const applyPage = z.object({
  ...paging,
  itemName: searchText,
  applicantName: searchText,
  status: searchText,
  source: searchText,
});

const page = z.string().max(255, { error: '环节名称过长' }).optional().nullable();
const content = z.string().max(2000, { error: '意见最长2000个字符' }).optional().nullable();

export const submitBody = z.object({
  applyId: id,
  taskId: id,
  realCurActivityName: page,
  buttonId: z.string({ error: '请选择按钮' }).min(1, { error: '请选择按钮' }).max(50, { error: '按钮标识过长' }),
  content,
  nextUsers: idCsv('办理人').optional(),
  targetActivityId: z.string().max(255).optional().nullable(),
});

export const ACTIONS = [
  'unclaim',
  'delegate',
  'transfer',
  'addSign',
  'cc',
  'back',
  'notAccept',
  'supplement',
  'suspend',
  'suspendApprove',
  'suspendReject',
  'resume',
  'withdraw',
  'terminate',
] as const;

export const handleBody = z.object({
  applyId: id,
  taskId: optional(id),
  realCurActivityName: page,
  action: z.enum(ACTIONS, { error: `action 应为 ${ACTIONS.join('、')} 之一` }),
  reason: content,
  userId: optional(id),
  userIds: idCsv('人员').optional(),
  targetActivityId: z.string().max(255).optional().nullable(),
  position: z.enum(['before', 'after'], { error: 'position 应为 before 或 after' }).optional(),
});

export const updateBody = z.object({
  applyId: id,
  taskId: id,
  realCurActivityName: page,
  formData: z.record(z.string(), z.unknown(), { error: '表单数据应为JSON对象' }).default({}),
  pageIds: idCsv('页签').optional(),
});

export const batchBody = z.object({
  items: z
    .array(z.object({ applyId: id, taskId: id, realCurActivityName: page }), { error: '请选择办件' })
    .min(1, { error: '请选择办件' })
    .max(100, { error: '一次最多批量办理100件' }),
  buttonId: submitBody.shape.buttonId,
  content,
});
