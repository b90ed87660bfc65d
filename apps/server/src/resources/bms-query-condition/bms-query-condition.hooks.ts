import { badRequest } from '../../core/envelope.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { removeSinglePhy } from '../bms-query-list/remove-single.ts';

/**
 * A query's condition: `:tenantId` is always bound to the caller's tenant by the runner, so no
 * condition may claim it; a dictionary drop-down needs its dictionary.
 */
export const bmsQueryConditionHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const param = String(values.paramName ?? existing?.paramName ?? '');
    if (param.toLowerCase() === 'tenantid') {
      throw badRequest('参数名 tenantId 由系统绑定为当前租户，不能作为查询条件', {
        errors: [{ field: 'paramName', message: '参数名不能为 tenantId' }],
      });
    }
    const kind = values.conditionType ?? existing?.conditionType;
    const dict = values.dictCode === undefined ? existing?.dictCode : values.dictCode;
    if (kind === 'select' && !dict) throw badRequest('请输入字典编码', { errors: [{ field: 'dictCode', message: '请输入字典编码' }] });
  },
  routes(app, r, ctx) {
    removeSinglePhy(routes(app, ctx, [r.label.en]), r, bmsQueryConditionHooks);
  },
};
