import { resourceByName } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { PLACEHOLDERS, SCOPE_CUSTOM, scopeField } from '../../crud/data-scope.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

/**
 * A data scope must name a registered resource, a column of it (or none: the resource's default),
 * and for a custom rule only ids or ${userId}/${deptId}: the engine builds its SQL from these, so
 * nothing typed here ever becomes SQL text.
 */
export const dataScopeHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const code = String(values.resourceCode ?? existing?.resourceCode ?? '');
    const r = resourceByName.get(code);
    if (!r) throw refuse('resourceCode', '权限编号应为资源名称');
    const type = Number(values.scopeType ?? existing?.scopeType ?? 0);
    const column = (values.scopeColumn ?? existing?.scopeColumn ?? null) as string | null;
    if (type !== 1 && !scopeField(r, { type, column: column || null })) throw refuse('scopeColumn', '权限字段名不是该资源的字段');
    const value = String(values.scopeValue ?? existing?.scopeValue ?? '');
    if (
      type === SCOPE_CUSTOM &&
      !/^\s*(\$\{userId\}|\$\{deptId\}|\d{1,19})(\s*,\s*(\$\{userId\}|\$\{deptId\}|\d{1,19}))*\s*$/.test(value)
    ) {
      throw refuse('scopeValue', `自定义规则值应为逗号分隔的编号或 ${PLACEHOLDERS.userId}、${PLACEHOLDERS.deptId}`);
    }
  },
};

/** An API scope grants calls by path: exact, or a prefix ending in /**; always under /api. */
export const apiScopeHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const path = String(values.scopePath ?? existing?.scopePath ?? '');
    if (!/^\/api(\/[\w.-]+)*(\/\*\*|\/\*)?$/.test(path)) throw refuse('scopePath', '接口地址应以 /api/ 开头，可以 /** 结尾');
  },
};
