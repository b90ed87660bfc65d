import type { Queryable } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { matIntMaterials, matIntMaterialsTemplate, matPrintSql, matPrintTemplate, matWfPrint } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';

/** A row put through the engine, then given its fixed demo id (other rooms' seeds point at it). */
async function putAs(t: Queryable, r: Resource, s: Scope, id: string | null, values: Record<string, unknown>): Promise<string> {
  const row = await insert(t, r, s, values);
  if (!id) return String(row.id);
  await t.query(`update ${sqlOf(r).table} set "id" = $1 where "id" = $2`, [id, row.id]);
  return id;
}

const ITEMS = ['1901000000000000001', '1901000000000000002', '1901000000000000003'];
const itemNos = ['LSJZ-001', 'GEJBSHF-001', 'KJETRD-001'];
const itemNames = ['临时救助申请', '孤儿基本生活费申领', '困境儿童认定'];
// Placeholder addresses: the demo ships no template files (an administrator uploads real ones).
const doc = (name: string) => `https://files.example.org/matter-templates/${name}.docx`;

/** name, originals, copies, type (1 certificate, 2 form, 3 proof), required, upload mode, template key. */
type Mat = [string, number, number, number, 0 | 1, number, 'apply' | 'auth' | 'proof'];
const MATERIALS: Mat[][] = [
  [
    ['临时救助申请书', 1, 0, 2, 1, 1, 'apply'],
    ['申请人身份证、户口簿', 1, 1, 1, 1, 2, 'proof'],
    ['家庭经济状况核对授权书', 1, 0, 2, 1, 5, 'auth'],
    ['困难事由证明(医疗票据、事故或火灾证明等)', 1, 1, 3, 1, 1, 'proof'],
    ['低保或特困证明', 0, 1, 3, 0, 1, 'proof'],
    ['委托书', 1, 0, 2, 0, 1, 'proof'],
    ['银行账户', 0, 1, 1, 1, 1, 'proof'],
  ],
  [
    ['孤儿基本生活费申请(审批)表', 1, 0, 2, 1, 1, 'apply'],
    ['父母死亡证明或宣告死亡、失踪证明', 1, 1, 3, 1, 1, 'proof'],
    ['邻里知情人证明', 1, 0, 3, 0, 1, 'proof'],
    ['儿童户口簿、身份证', 1, 2, 1, 1, 1, 'proof'],
    ['监护人身份证及监护资格证明', 1, 1, 1, 1, 1, 'proof'],
    ['近期一寸免冠照片', 2, 0, 4, 1, 1, 'proof'],
    ['在校就读证明', 1, 0, 3, 0, 1, 'proof'],
    ['银行账户', 0, 1, 1, 1, 1, 'proof'],
  ],
  [
    ['困境儿童认定申请表', 1, 0, 2, 1, 1, 'apply'],
    ['儿童户口簿、身份证及监护人身份证', 1, 1, 1, 1, 2, 'proof'],
    ['困境类别证明(低保、残疾人证、诊断或司法文书)', 1, 1, 3, 1, 1, 'proof'],
    ['家庭经济状况核对授权书', 1, 0, 2, 0, 5, 'auth'],
    ['儿童主任入户调查评估表', 1, 0, 2, 1, 1, 'apply'],
  ],
];

const printBody = (i: number) => `# ${itemNames[i]}材料清单
受理单位：\${tenantName}
事项编号：${itemNos[i]}　　打印日期：\${printDate}
本事项共需提交申请材料 \${materialCount} 项，清单如下：
\${table:材料清单}

申请人(签字)：__________　　受理人(签字)：__________`;

const printSqls: [string, string][] = [
  ['单位信息', 'select tenant_name as "tenantName" from blade_tenant where tenant_id = :tenantId'],
  ['材料统计', 'select count(*) as "materialCount" from mat_int_materials where item_id = :itemId'],
  [
    '材料清单',
    `select materials_name as "材料名称", number_original as "原件份数", number_copy as "复印件份数",
       case if_required when 1 then '是' else '否' end as "是否必要"
  from mat_int_materials where item_id = :itemId order by order_number`,
  ],
];

/**
 * The demo tenant's materials configuration: material templates, the materials of the three demo
 * matters (ids 19050000000000000NN, NN = item × 10 + n), and one print template per matter
 * (1904000000000000001/2/3) with its print SQL and a county-level link.
 */
export async function seedMatterMaterials(t: Queryable, s: Scope) {
  const templates = {
    apply: await putAs(t, matIntMaterialsTemplate, s, null, {
      templateName: '申请书(表)模板',
      templateUrl: doc('apply'),
      isSys: 1,
      orderNum: 1,
    }),
    auth: await putAs(t, matIntMaterialsTemplate, s, null, {
      templateName: '家庭经济状况核对授权书模板',
      templateUrl: doc('authorisation'),
      isSys: 1,
      orderNum: 2,
    }),
    proof: await putAs(t, matIntMaterialsTemplate, s, null, {
      templateName: '通用证明材料模板',
      templateUrl: doc('proof'),
      isSys: 0,
      orderNum: 3,
    }),
  };
  for (const [i, mats] of MATERIALS.entries()) {
    for (const [n, [materialsName, numberOriginal, numberCopy, materialsType, ifRequired, fileUploadMode, tpl]] of mats.entries()) {
      await putAs(t, matIntMaterials, s, `19050000000000000${i + 1}${n + 1}`, {
        itemId: ITEMS[i],
        materialsName,
        templateId: templates[tpl],
        materialsType,
        applyType: 1,
        materialsSource: materialsType === 2 ? 1 : 2,
        ifRequired,
        ifElectronicMaterials: 0,
        numberOriginal,
        numberCopy,
        fileFormat: 'pdf/jpg/png',
        orderNumber: n + 1,
        isBrowse: 0,
        isMustUpload: ifRequired ? 2 : 1,
        fileUploadMode,
        isBatchUpload: 0,
      });
    }
    const templateId = await putAs(t, matPrintTemplate, s, `190400000000000000${i + 1}`, {
      templateName: `${itemNames[i]}材料清单`,
      templateCode: `MATERIALS-${itemNos[i]}`,
      groupNum: 'materials',
      status: 1,
      templateContent: printBody(i),
      note: '预览时以 itemId 参数指定事项',
    });
    for (const [k, [name, sql]] of printSqls.entries())
      await putAs(t, matPrintSql, s, null, { menuId: templateId, name, sql, orderNumber: k + 1 });
    await putAs(t, matWfPrint, s, null, { templateId, regionLevel: 3, printNum: 1, isStop: 0 });
  }
}
