import type { Queryable } from '@civdesk/db';
import { code, model } from '@civdesk/resources';
import type { Scope } from '../core/caller.ts';
import { insert } from '../crud/repository.ts';

/** A demo code model of the posts table and its generator: what the code generation screens start from. */
export async function seedDevelopDemo(t: Queryable, s: Scope): Promise<void> {
  const m = await insert(t, model, s, {
    modelTable: 'blade_post',
    modelName: '岗位',
    modelClass: 'Post',
    modelCode: 'post',
    modelRemark: '示例：岗位表，生成的定义与系统的岗位管理相同',
  });
  await insert(t, code, s, {
    modelId: m.id,
    codeName: '岗位管理',
    serviceName: 'blade-system',
    tableName: 'blade_post',
    tablePrefix: 'blade_',
    packageName: 'system',
    author: 'civdesk',
  });
}
