import type { Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import {
  matIntAddress,
  matIntCatalogueType,
  matIntCondition,
  matIntElement,
  matIntLaws,
  matIntProcedures,
  matIntServiceInfo,
} from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { insert } from '../../crud/repository.ts';
import { CHILD_WELFARE, demoItems, SOCIAL_ASSISTANCE } from './catalogue-content.ts';
import { seedCatalogueSurvey } from './catalogue-survey.ts';

/** Inserts through the engine (audit columns, defaults), then gives the row the fixed id other rooms' seeds refer to. */
async function putWithId(t: Queryable, r: Resource, s: Scope, id: string, values: Record<string, unknown>): Promise<void> {
  const row: Row = await insert(t, r, s, values);
  await t.query(`update "${r.table}" set "id" = $1 where "id" = $2`, [id, row.id]);
}

/**
 * The demo tenant's catalogues and its three matters, each with guide, conditions, an address, laws
 * and procedures; and an assessment survey with its formula and levels.
 */
export async function seedMatterCatalogue(t: Queryable, scope: Scope): Promise<void> {
  const put = (r: Resource, v: Record<string, unknown>) => insert(t, r, scope, v);
  let order = 1;
  for (const [id, catalogueName, catalogueCode] of [
    [SOCIAL_ASSISTANCE, '社会救助', 'SHJZ'],
    [CHILD_WELFARE, '儿童福利', 'ETFL'],
  ]) {
    await putWithId(t, matIntCatalogueType, scope, id, {
      catalogueName,
      catalogueCode,
      orderNum: order++,
      isStart: 1,
      isEnabled: 1,
      isSystem: 1,
    });
  }
  for (const item of demoItems) {
    const { id, catalogue, guide, conditions, laws, procedures, ...fields } = item;
    await putWithId(t, matIntElement, scope, id, { ...fields, catalogueType: catalogue, itemStatus: 1 });
    await put(matIntServiceInfo, { itemId: id, content: guide });
    for (const [i, conditionInfo] of conditions.entries()) {
      await put(matIntCondition, { itemId: id, conditionNo: String(i + 1), conditionInfo, orderNumber: i + 1 });
    }
    await put(matIntAddress, {
      itemId: id,
      addressOrg: '示范区民政局',
      addressName: '示范区政务服务中心一楼',
      addressFloor: '1楼',
      windowAddressName: '社会事务综合窗口',
      windowAddress: '8号窗口',
      phoneConsulting: '010-12345678',
      phoneSupervise: '12345',
      trafficInfo: '乘公交1路、6路至政务服务中心站下车',
      coordLongitude: '116.397128',
      coordLatitude: '39.916527',
      orderNumber: 1,
    });
    for (const [i, law] of laws.entries()) await put(matIntLaws, { itemId: id, ...law, orderNumber: i + 1 });
    for (const [i, [proceduresName, proceduresInfo, proceduresContent]] of procedures.entries()) {
      await put(matIntProcedures, { itemId: id, proceduresName, proceduresInfo, proceduresContent, orderNumber: i + 1 });
    }
  }
  await seedCatalogueSurvey(t, scope);
}
