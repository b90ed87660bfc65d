import { permCode } from '@civdesk/meta';
import { registerEnableRoute } from '../../crud/enable.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { scopeOf } from '../../crud/routes.ts';
import { secretOnWrite } from '../../crud/secret-fields.ts';
import { type SmsConfig, sendSms } from '../../modules/sms/providers.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

const phonePattern = /^1\d{10}$/;

function paramsOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let v = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      throw badRequest('params 应为JSON对象');
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badRequest('params 应为JSON对象');
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.slice(0, 64), String(x).slice(0, 500)]));
}

/** SMS settings: one enabled per tenant; send-message goes through that provider and is recorded. */
export const smsHooks: ResourceHooks = {
  beforeWrite: secretOnWrite(['secretKey']),
  routes(app, r, deps) {
    registerEnableRoute(app, r, deps);
    app.post(
      `${r.api}/endpoint/send-message`,
      { config: { auth: { perm: permCode(r, 'send') } }, schema: { tags: [r.label.en], summary: '发送短信' } },
      async (req) => {
        const q = { ...((req.body as object) ?? {}), ...((req.query as object) ?? {}) } as Record<string, unknown>;
        const phones = String(q.phones ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        if (!phones.length || phones.length > 100 || !phones.every((p) => phonePattern.test(p)))
          throw badRequest('请输入正确的手机号(11位,以1开头,逗号分隔,最多100个)');
        const params = paramsOf(q.params);
        const s = scopeOf(req, deps);
        const code = String(q.code ?? '');
        const [cfg] = await deps.db.query<SmsConfig>(
          `select sms_code as "smsCode", category, template_id as "templateId", sign_name as "signName" from blade_sms
          where tenant_id = $1 and is_deleted = 0 and ${code ? 'sms_code = $2' : 'status = 2'} limit 1`,
          code ? [s.caller.tenantId, code] : [s.caller.tenantId],
        );
        if (!cfg) throw badRequest(code ? '短信配置不存在' : '未启用短信配置');
        const outcome = await sendSms(deps.db, s, cfg, phones, params);
        if (!outcome.ok) throw badRequest(`发送失败: ${outcome.result}`);
        return ok(true, '发送成功');
      },
    );
  },
};
