import type { Queryable } from '@civdesk/db';
import { bmsQueryCondition, bmsQueryList, bmsQueryTabDetail, bmsQueryType } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { insert } from '../../crud/repository.ts';

/**
 * The demo tenant's example custom query: departments by name, with one condition and its result
 * columns — what an administrator copies from, and what the query screens show on a new install.
 */
export async function seedCustomQueries(t: Queryable, s: Scope): Promise<void> {
  const type = await insert(t, bmsQueryType, s, { typeName: '组织机构' });
  const query = await insert(t, bmsQueryList, s, {
    customName: '部门名单',
    customNo: 'DEPT-LIST',
    typeId: type.id,
    content: 'select dept_name as "deptName", full_name as "fullName" from blade_dept where dept_name like :deptName order by dept_name',
    note: '按名称查找部门（%匹配任意字符）',
  });
  await insert(t, bmsQueryCondition, s, {
    queryId: query.id,
    conditionName: '部门名称',
    paramName: 'deptName',
    conditionType: 'input',
    defaultValue: '%',
    orderNum: 1,
  });
  let order = 1;
  for (const [fieldName, fieldLabel] of [
    ['deptName', '部门名称'],
    ['fullName', '部门全称'],
  ]) {
    await insert(t, bmsQueryTabDetail, s, { queryId: query.id, fieldName, fieldLabel, width: 200, orderNum: order++ });
  }
}
