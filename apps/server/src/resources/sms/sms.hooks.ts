import { permCode } from '@civdesk/meta';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { registerEnableRoute } from '../../crud/enable.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';
import { sendSms, smsConfigOf } from '../../modules/sms/providers.ts';

const phonePattern = /^1\d{10}$/;

/** The template's parameters: a JSON object, or its text; null when neither. */
function templateParams(raw: unknown): Record<string, string> | null {
  if (raw === undefined || raw === null || raw === '') return {};
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.slice(0, 64), String(x).slice(0, 500)]));
}

const phonesMessage = '请输入正确的手机号（11位，以1开头，逗号分隔，最多100个）';
const SendParams = z.object({
  phones: z
    .unknown()
    .optional()
    .transform((v) =>
      String(v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.length <= 100 && list.every((p) => phonePattern.test(p)), { error: phonesMessage }),
  params: z
    .unknown()
    .optional()
    .transform(templateParams)
    .refine((v) => v !== null, { error: 'params 应为JSON对象' })
    .transform((v) => v ?? {}),
  code: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? '')),
});

/** Sends one templated message through the named setting (`code`) or the tenant's enabled one; the send is recorded. */
async function sendMessage({ ctx, req, params }: Call<{ params: typeof SendParams }>) {
  const s = scopeOf(req);
  const cfg = await smsConfigOf(ctx.db, s.caller.tenantId, params.code || undefined);
  if (!cfg) throw badRequest(params.code ? '短信配置不存在' : '未启用短信配置');
  const outcome = await sendSms(ctx.db, s, cfg, params.phones, params.params);
  if (!outcome.ok) throw badRequest(`发送失败: ${outcome.result}`);
  return ok(true, '发送成功');
}

/** SMS settings: one enabled per tenant; send-message goes through that provider and is recorded. */
export const smsHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['secretKey']),
  routes(app, r, ctx) {
    registerEnableRoute(app, r, ctx);
    routes(app, ctx, [r.label.en]).post(
      `${r.api}/endpoint/send-message`,
      { auth: { perm: permCode(r, 'send') }, summary: '发送短信', params: SendParams, data: Done },
      sendMessage,
    );
  },
};
