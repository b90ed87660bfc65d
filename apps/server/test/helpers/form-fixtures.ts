// The demo relief application's data and the refusals its published schema gives, shared by the
// server's validation test and the web renderer's (the same schema must refuse the same values).

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
  ['a wrong phone number', { phone: '12345' }, '请输入正确的联系电话(手机号或带区号的固定电话)'],
  ['a household type not in the dictionary', { householdType: '9' }, '户籍类型的值不在可选范围内'],
  ['an empty household type', { householdType: '' }, '请选择户籍类型'],
  ['a non-numeric amount', { amountRequested: '三千' }, '申请金额(元)必须是数字'],
  ['a family size outside the pattern', { familyMembers: '0' }, '家庭人口数应为1到99的整数'],
  ['a name that is too long', { applicantName: '张'.repeat(21) }, '申请人姓名长度不能超过20个字符'],
];
