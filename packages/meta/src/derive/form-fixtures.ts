import type { FormFieldSchema, FormSchema } from './form-schema.ts';

// Test fixtures shared by the server's validation test and the web renderer's: the demo relief
// application form as the seed publishes it, valid data, and what each wrong value is refused
// with. Both sides must refuse the same values with the same messages.

const household = [
  { value: '1', label: '本地农业户口' },
  { value: '2', label: '本地非农业户口' },
  { value: '3', label: '本地居民户口' },
  { value: '4', label: '外地户籍常住人口' },
];
const reasons = [
  { value: '1', label: '火灾、交通事故等意外事件' },
  { value: '2', label: '突发重大疾病' },
  { value: '3', label: '生活必需支出突然增加' },
  { value: '4', label: '其他特殊困难' },
];
const family = { pattern: '^[1-9]\\d?$', patternMessage: '家庭人口数应为1到99的整数' };

const fields: FormFieldSchema[] = [
  { name: 'applicantName', label: '申请人姓名', type: 'text', required: true, span: 12, maxLength: 20, group: 'applicant' },
  { name: 'idCard', label: '身份证号', type: 'idCard', required: true, span: 12, group: 'applicant' },
  { name: 'phone', label: '联系电话', type: 'phone', required: true, span: 12, group: 'applicant' },
  {
    name: 'householdType',
    label: '户籍类型',
    type: 'select',
    required: true,
    span: 12,
    group: 'applicant',
    dictCode: 'MAT_HOUSEHOLD_TYPE',
    options: household,
  },
  { name: 'address', label: '现居住地址', type: 'text', required: true, span: 12, maxLength: 200, group: 'applicant' },
  {
    name: 'reliefReason',
    label: '救助原因',
    type: 'select',
    required: true,
    span: 12,
    group: 'request',
    dictCode: 'MAT_RELIEF_REASON',
    options: reasons,
  },
  { name: 'amountRequested', label: '申请金额(元)', type: 'number', required: true, span: 12, group: 'request' },
  { name: 'familyMembers', label: '家庭人口数', type: 'number', required: true, span: 12, group: 'request', ...family },
  {
    name: 'familyInfo',
    label: '家庭成员情况',
    type: 'textarea',
    required: false,
    span: 24,
    maxLength: 1000,
    note: '姓名、关系、年龄、收入情况',
    group: 'request',
  },
  { name: 'reason', label: '申请理由', type: 'textarea', required: true, span: 24, maxLength: 500, group: 'request' },
  { name: 'attachment', label: '相关证明材料', type: 'upload', required: false, span: 12, group: 'request' },
];

export const reliefApplicationSchema: FormSchema = {
  formId: '1902000000000000001',
  formName: '临时救助申请表',
  version: 1,
  groups: [
    { name: 'applicant', label: '申请人信息' },
    { name: 'request', label: '申请事项' },
  ],
  fields,
};

export const applicationData = {
  applicantName: '张三',
  idCard: '11010519491231002X',
  phone: '13800138000',
  householdType: '1',
  address: '示范区民政路1号',
  reliefReason: '2',
  amountRequested: '3000',
  familyMembers: '4',
  reason: '家庭成员突发重大疾病，医疗支出超出家庭承受能力。',
};

/** [what, the change, the message]. */
export const applicationRefusals: [string, Record<string, unknown>, string][] = [
  ['an empty applicant name', { applicantName: '' }, '请输入申请人姓名'],
  ['a missing applicant name', { applicantName: undefined }, '请输入申请人姓名'],
  ['a wrong ID card number', { idCard: '110105194912310021' }, '请输入正确的身份证号'],
  ['a wrong phone number', { phone: '12345' }, '请输入正确的联系电话（手机号或带区号的固定电话）'],
  ['a household type not in the dictionary', { householdType: '9' }, '户籍类型的值不在可选范围内'],
  ['an empty household type', { householdType: '' }, '请选择户籍类型'],
  ['a non-numeric amount', { amountRequested: '三千' }, '申请金额(元)必须是数字'],
  ['a family size outside the pattern', { familyMembers: '0' }, '家庭人口数应为1到99的整数'],
  ['a name that is too long', { applicantName: '张'.repeat(21) }, '申请人姓名长度不能超过20个字符'],
];
