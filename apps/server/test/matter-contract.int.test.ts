import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Spec 001 §7 "Matter (dw-matter)", call by call: each is served at its path with its method, and
// the reads answer the seeded demo configuration (tenant 100001) without an error. Writes are held
// by the contract suite and the matter-*.int.test.ts files.

const M = '/api/dw-matter';
const crud = (name: string, list = false) => [
  ['GET', `${M}/${name}/page`],
  ['GET', `${M}/${name}/detail`],
  ['POST', `${M}/${name}/submit`],
  ['POST', `${M}/${name}/remove`],
  ...(list ? [['GET', `${M}/${name}/list`]] : []),
];

const CALLS: string[][] = [
  // Catalogue
  ['GET', `${M}/matintCatalogueType/tree`],
  ['GET', `${M}/matintCatalogueType/cusStartTree`],
  ['POST', `${M}/matintCatalogueType/cusSubmit`],
  ['GET', `${M}/matintCatalogueType/list`],
  ['GET', `${M}/matIntFormType/tree`],
  ['GET', `${M}/matIntFormExt/tree`],
  // Matter item
  ['POST', `${M}/matIntElement/cusPage`],
  ['POST', `${M}/matIntElement/cusSave`],
  ['POST', `${M}/matIntElement/cusUpdate`],
  ['GET', `${M}/matIntElement/getWithFormInfo`],
  ['POST', `${M}/matIntElement/updateItemStatus`],
  ['POST', `${M}/matIntElement/getMyMatterPageByCatalogueId`],
  ['GET', `${M}/matIntServiceInfo/detail`],
  // Materials
  ...crud('matIntMaterials'),
  ['POST', `${M}/matIntMaterialsTemplate/cusPage`],
  ['GET', `${M}/matIntMaterialsTemplate/detail`],
  ['POST', `${M}/matIntMaterialsTemplate/remove`],
  ['POST', `${M}/matIntMaterialsTemplate/submit`],
  ['GET', `${M}/matIntMaterialsTemplate/list`],
  ['GET', `${M}/matWfElementMaterials/getByElementItem/:elementId/:itemId`],
  // Writs, laws, addresses, procedures, workdays, region mapping
  ...crud('matIntWriter'),
  ...crud('matIntLaws'),
  ...crud('matIntAddress'),
  ...crud('matIntProcedures'),
  ...crud('matIntWorkday'),
  ...crud('matIntRegionMapping'),
  // Forms
  ['GET', `${M}/formDefConf/cusList`],
  ['GET', `${M}/formDefConf/detail`],
  ['POST', `${M}/formDefConf/save`],
  ['POST', `${M}/formDefConf/update`],
  ['POST', `${M}/formDefConf/remove`],
  ['POST', `${M}/formDefConf/cusSaveSimpleSingle`],
  ['POST', `${M}/formDefConf/cusUpdateSimple`],
  ['POST', `${M}/matIntForm/cusPage`],
  ['GET', `${M}/matIntForm/detail`],
  ['POST', `${M}/matIntForm/submit`],
  ['POST', `${M}/matIntForm/remove`],
  ['POST', `${M}/matIntForm/doPublish`],
  ['GET', `${M}/matIntForm/doCanclePublish`],
  ['GET', `${M}/matIntFormDetail/lazyList`],
  ['GET', `${M}/matIntFormDetail/newLazyList`],
  ['POST', `${M}/matIntFormDetail/submitAll`],
  ['POST', `${M}/matIntFormDetail/submitData`],
  ...crud('matIntScope'),
  // Print
  ['POST', `${M}/matPrintTemplate/cusPage`],
  ...crud('matPrintTemplate', true),
  ['GET', `${M}/matPrintTemplate/previewPDF/:id`],
  ...crud('matWfPrint'),
  ['POST', `${M}/matPrintSql/cusPage`],
  ...crud('matPrintSql', true),
  // Workflow versions and steps
  ['GET', `${M}/matWfVersion/list`],
  ['GET', `${M}/matWfVersion/detail`],
  ['POST', `${M}/matWfVersion/deleteVersion`],
  ['GET', `${M}/matWfVersion/getNextVersion`],
  ['GET', `${M}/matWfVersion/getCurEnableVersion`],
  ['GET', `${M}/matWfVersion/getProcdefByVersionId`],
  ['GET', `${M}/matWfVersion/getCusFormByVersionId`],
  ['POST', `${M}/matWfVersion/submit`],
  ['POST', `${M}/matWfVersion/cusSave`],
  ['POST', `${M}/matWfVersion/doChangeProcess`],
  ['GET', `${M}/dwCommonProcess/actReProcdef/getById`],
  ['POST', `${M}/dwCommonProcess/getLatestDeploy`],
  ['GET', `${M}/dwCommonProcess/definitionList`],
  ...crud('matWfElement'),
  ...crud('matWfElementMethod'),
  ...crud('matWfElementTransactor'),
  ...crud('matWfElementButton'),
  ...crud('matWfLocalButton'),
  ['GET', `${M}/matWfLocalButOpts/cusList`],
  ...crud('matWfLocalButOpts'),
  ...crud('matWfElementGatewayCondition'),
  ...crud('matWfElementElectronicSign'),
  ...crud('matWfPageConfigure'),
  ['POST', `${M}/matWfCustomHandler/cusPage`],
  ['POST', `${M}/matWfCustomHandler/save`],
  ['POST', `${M}/matWfCustomHandler/update`],
  ['GET', `${M}/matWfElementPermission/cusList`],
];

// Reads with the seeded demo rows: 临时救助申请 (item …001, version …001, step …111, form …011,
// print template …001).
const READS: [string, number?][] = [
  [`${M}/matintCatalogueType/tree`],
  [`${M}/matintCatalogueType/cusStartTree`],
  [`${M}/matintCatalogueType/list`],
  [`${M}/matIntFormType/tree`],
  [`${M}/matIntFormExt/tree`],
  [`${M}/matIntElement/getWithFormInfo?id=1901000000000000001`],
  [`${M}/matIntServiceInfo/detail?itemId=1901000000000000001`],
  [`${M}/matIntMaterials/page?itemId_equal=1901000000000000001`],
  [`${M}/matIntMaterialsTemplate/list`],
  [`${M}/matWfElementMaterials/getByElementItem/1903000000000000111/1901000000000000001`],
  [`${M}/formDefConf/cusList`],
  [`${M}/matIntFormDetail/lazyList?formId=1902000000000000011&parentId=0`],
  [`${M}/matPrintTemplate/list?current=1&size=-1`],
  [`${M}/matPrintSql/list`],
  [`${M}/matWfVersion/list`],
  [`${M}/matWfVersion/detail?id=1903000000000000001`],
  [`${M}/matWfVersion/getNextVersion?itemId=1901000000000000001`],
  [`${M}/matWfVersion/getCurEnableVersion?itemId=1901000000000000001`],
  [`${M}/matWfVersion/getProcdefByVersionId?versionId=1903000000000000001`],
  [`${M}/matWfVersion/getCusFormByVersionId?versionId=1903000000000000001`],
  [`${M}/dwCommonProcess/definitionList`],
  [`${M}/matWfElementPermission/cusList?elementId=1903000000000000113`],
];

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

describe('spec 001 matter calls', () => {
  it('are each served at their path with their method', () => {
    const served = new Set(t.app.routeGuards.map((r) => `${r.method} ${r.url}`));
    expect(CALLS.filter(([method, url]) => !served.has(`${method} ${url}`)).map((c) => c.join(' '))).toEqual([]);
  });

  it('GET matWfLocalButOpts/cusList answers a library button’s stock opinions', async () => {
    const [b] = await t.db.query<{ id: string }>(
      "select id::text as id from mat_wf_local_button where tenant_id = '100001' and local_button_name = '受理' and is_deleted = 0",
    );
    const res = await t.call(admin, { method: 'GET', url: `${M}/matWfLocalButOpts/cusList?localButtonId=${b.id}` });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).toContain('材料齐全, 予以受理');
  });

  it.each(READS)('GET %s answers the demo configuration', async (url) => {
    const res = await t.call(admin, { method: 'GET', url });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
    expect(res.body.data).not.toBeUndefined();
  });
});
