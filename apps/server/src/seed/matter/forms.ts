import type { Queryable } from '@civdesk/db';
import { matIntForm, matIntFormType } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';
import { publishForm } from '../../modules/forms/versions.ts';
import { type ListRow, submitAll } from '../../resources/mat-int-form-detail/submit-all.ts';

// The demo matters' forms: a directory, and for each of the three matters an application form
// (filled by or for the applicant) and a handling form (filled at the approval steps), published.
// Their ids are fixed so the other rooms' seeds can bind them to matter items and steps.

type F = [fieldName: string, fieldLabel: string, fieldType: string, required: 0 | 1, extra?: Partial<ListRow>];

const group = (fieldName: string, fieldLabel: string): ListRow => ({ fieldName, fieldLabel, fieldType: 'group', span: 24 });
const fields = (parentName: string, list: F[]): ListRow[] =>
  list.map(([fieldName, fieldLabel, fieldType, isRequired, extra]) => ({
    fieldName,
    fieldLabel,
    fieldType,
    isRequired,
    parentName,
    span: fieldType === 'textarea' ? 24 : 12,
    ...extra,
  }));

const applicant: F[] = [
  ['applicantName', '申请人姓名', 'text', 1, { fieldLength: 20 }],
  ['idCard', '身份证号', 'idCard', 1],
  ['phone', '联系电话', 'phone', 1],
  ['householdType', '户籍类型', 'select', 1, { dictCode: 'MAT_HOUSEHOLD_TYPE' }],
  ['address', '现居住地址', 'text', 1, { fieldLength: 200 }],
];

const child: F[] = [
  ['childName', '儿童姓名', 'text', 1, { fieldLength: 20 }],
  ['childIdCard', '儿童身份证号', 'idCard', 1],
  ['guardianName', '监护人姓名', 'text', 1, { fieldLength: 20 }],
  ['phone', '监护人联系电话', 'phone', 1],
  ['householdType', '户籍类型', 'select', 1, { dictCode: 'MAT_HOUSEHOLD_TYPE' }],
  ['address', '现居住地址', 'text', 1, { fieldLength: 200 }],
];

const handling: ListRow[] = [
  group('handle', '办理意见'),
  ...fields('handle', [
    ['handleResult', '办理结果', 'radio', 1, { dictCode: 'MAT_HANDLE_RESULT' }],
    ['handleOpinion', '审核意见', 'textarea', 1, { fieldLength: 500 }],
    ['approvedAmount', '核定金额(元)', 'number', 0],
    ['handleDate', '办理日期', 'date', 1],
  ]),
];

const demoForms: { id: string; name: string; dir: 'relief' | 'child'; rows: ListRow[] }[] = [
  {
    id: '1902000000000000001',
    name: '临时救助申请表',
    dir: 'relief',
    rows: [
      group('applicant', '申请人信息'),
      ...fields('applicant', applicant),
      group('request', '申请事项'),
      ...fields('request', [
        ['reliefReason', '救助原因', 'select', 1, { dictCode: 'MAT_RELIEF_REASON' }],
        ['amountRequested', '申请金额(元)', 'number', 1],
        ['familyMembers', '家庭人口数', 'number', 1, { pattern: '^[1-9]\\d?$', patternMessage: '家庭人口数应为1到99的整数' }],
        ['familyInfo', '家庭成员情况', 'textarea', 0, { fieldLength: 1000, note: '姓名、关系、年龄、收入情况' }],
        ['reason', '申请理由', 'textarea', 1, { fieldLength: 500 }],
        ['attachment', '相关证明材料', 'upload', 0],
      ]),
    ],
  },
  {
    id: '1902000000000000002',
    name: '孤儿基本生活费申领表',
    dir: 'child',
    rows: [
      group('child', '儿童及监护人信息'),
      ...fields('child', child),
      group('request', '申领事项'),
      ...fields('request', [
        ['orphanDate', '父母死亡(宣告失踪)日期', 'date', 1],
        ['familyMembers', '监护人家庭人口数', 'number', 1, { pattern: '^[1-9]\\d?$', patternMessage: '家庭人口数应为1到99的整数' }],
        ['bankAccount', '发放账号', 'text', 1, { fieldLength: 30, pattern: '^\\d{12,30}$', patternMessage: '发放账号应为12到30位数字' }],
        ['reason', '申领说明', 'textarea', 1, { fieldLength: 500 }],
      ]),
    ],
  },
  {
    id: '1902000000000000003',
    name: '困境儿童认定申请表',
    dir: 'child',
    rows: [
      group('child', '儿童及监护人信息'),
      ...fields('child', child),
      group('request', '认定事项'),
      ...fields('request', [
        ['situation', '困境类型', 'checkbox', 1, { dictCode: 'MAT_CHILD_SITUATION' }],
        ['familyMembers', '家庭人口数', 'number', 1, { pattern: '^[1-9]\\d?$', patternMessage: '家庭人口数应为1到99的整数' }],
        ['familyInfo', '家庭成员情况', 'textarea', 1, { fieldLength: 1000 }],
        ['reason', '申请理由', 'textarea', 1, { fieldLength: 500 }],
      ]),
    ],
  },
  { id: '1902000000000000011', name: '临时救助办理表', dir: 'relief', rows: handling },
  { id: '1902000000000000012', name: '孤儿基本生活费办理表', dir: 'child', rows: handling },
  { id: '1902000000000000013', name: '困境儿童认定办理表', dir: 'child', rows: handling },
];

export async function seedMatterForms(t: Queryable, scope: Scope) {
  const root = await insert(t, matIntFormType, scope, { typeName: '事项表单', typeCode: 'MATTER', orderNum: 1 });
  const dirs = {
    relief: await insert(t, matIntFormType, scope, { parentId: root.id, typeName: '社会救助表单', typeCode: 'SHJZ', orderNum: 1 }),
    child: await insert(t, matIntFormType, scope, { parentId: root.id, typeName: '儿童福利表单', typeCode: 'ETFL', orderNum: 2 }),
  };
  const forms = sqlOf(matIntForm);
  let order = 1;
  for (const f of demoForms) {
    const row = await insert(t, matIntForm, scope, {
      formName: f.name,
      formUrl: `/matter/forms/${f.id}`,
      formTypeId: dirs[f.dir].id,
      isForm: 1,
      isSaveVerif: 1,
      sourceType: 1,
      orderNum: order++,
    });
    // Fixed ids (shared with the other rooms' seeds); nothing references the new row yet.
    await t.query(`update ${forms.table} set "id" = $1 where "id" = $2`, [f.id, row.id]);
    await submitAll(t, scope, f.id, f.rows);
    await publishForm(t, scope, f.id);
  }
}
