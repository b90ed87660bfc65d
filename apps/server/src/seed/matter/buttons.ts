import type { Queryable } from '@civdesk/db';
import {
  matWfCustomHandler,
  matWfElementButton,
  matWfElementElectronicSign,
  matWfElementPermission,
  matWfLocalButOpts,
  matWfLocalButton,
  matWfPageConfigure,
} from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { insert } from '../../crud/repository.ts';

// The handling page's tabs: the first four are the product's own (built in, not removable).
const tabs: [name: string, url: string, isSys: number, isSave: number, isVerification: number][] = [
  ['基本信息', '/matter/handle/basic-info', 1, 1, 1],
  ['申请材料', '/matter/handle/materials', 1, 1, 1],
  ['办理意见', '/matter/handle/opinion', 1, 1, 1],
  ['流程图', '/matter/handle/flow-chart', 1, 0, 0],
  ['签章文书', '/matter/handle/signed-docs', 0, 0, 0],
];

// The usual handling buttons (SYS_WF_LOCAL_BUTTON: 1 submit, 2 return, 3 save, 4 suspend, 5 print,
// 6 other), each with its stock opinions (the first is the default).
type LibraryButton = { name: string; type: number; value: string; icon: string; color: string; tabs: number[]; opinions: string[] };
const library: LibraryButton[] = [
  {
    name: '提交',
    type: 1,
    value: 'submit',
    icon: 'SendOutlined',
    color: '#1677ff',
    tabs: [0, 1, 2],
    opinions: ['同意', '情况属实, 同意上报'],
  },
  { name: '送下一步', type: 1, value: 'next', icon: 'ArrowRightOutlined', color: '#1677ff', tabs: [0, 1, 2], opinions: ['请审核'] },
  {
    name: '受理',
    type: 1,
    value: 'accept',
    icon: 'CheckCircleOutlined',
    color: '#52c41a',
    tabs: [0, 1, 2],
    opinions: ['材料齐全, 予以受理'],
  },
  {
    name: '同意',
    type: 1,
    value: 'agree',
    icon: 'LikeOutlined',
    color: '#52c41a',
    tabs: [2],
    opinions: ['同意', '经审核, 符合条件, 同意'],
  },
  { name: '不同意', type: 6, value: 'disagree', icon: 'DislikeOutlined', color: '#ff4d4f', tabs: [2], opinions: ['经审核, 不符合条件'] },
  {
    name: '退回',
    type: 2,
    value: 'back',
    icon: 'RollbackOutlined',
    color: '#faad14',
    tabs: [2],
    opinions: ['材料不全, 请补充后重新提交', '信息有误, 请核实'],
  },
  { name: '撤回', type: 2, value: 'recall', icon: 'UndoOutlined', color: '#faad14', tabs: [2], opinions: ['误操作, 撤回重办'] },
  { name: '挂起', type: 4, value: 'suspend', icon: 'PauseCircleOutlined', color: '#8c8c8c', tabs: [2], opinions: ['需现场核查, 暂停计时'] },
  { name: '补正', type: 4, value: 'supplement', icon: 'FileAddOutlined', color: '#faad14', tabs: [1, 2], opinions: ['请补正以下材料:'] },
  { name: '不予受理', type: 6, value: 'refuse', icon: 'StopOutlined', color: '#ff4d4f', tabs: [2], opinions: ['不符合受理条件, 不予受理'] },
  { name: '办结', type: 1, value: 'finish', icon: 'FlagOutlined', color: '#52c41a', tabs: [2], opinions: ['准予, 办结'] },
  { name: '暂存', type: 3, value: 'save', icon: 'SaveOutlined', color: '#8c8c8c', tabs: [0, 1], opinions: [] },
  { name: '打印', type: 5, value: 'print', icon: 'PrinterOutlined', color: '#8c8c8c', tabs: [4], opinions: [] },
];

// The demo matters' steps (19030000000000001NN, NN = item × 10 + step) and the buttons each shows;
// `name=override` shows a library button under a step-specific name.
const steps: Record<string, string[]> = {
  // 临时救助申请: 乡镇受理, 调查核实, 县级审批, 乡镇审批 (the amount decides which approves).
  '111': ['暂存', '受理', '补正', '不予受理'],
  '112': ['提交', '退回'],
  '113': ['同意', '不同意', '退回'],
  '114': ['同意', '不同意', '退回'],
  // 孤儿基本生活费申领: 乡镇受理核实, 县级审批, 发放登记.
  '121': ['暂存', '受理', '补正', '不予受理'],
  '122': ['同意', '不同意', '退回'],
  '123': ['办结', '打印'],
  // 困境儿童认定: 乡镇受理, 入户调查评估, 乡镇审核, 公示 (135, suspended for its period), 县级认定.
  '131': ['暂存', '受理', '补正', '不予受理'],
  '132': ['提交', '退回'],
  '133': ['同意', '退回'],
  '135': ['提交=公示无异议', '退回'],
  '134': ['同意=认定', '不同意=不予认定'],
};
const stepId = (nn: string) => `1903000000000000${nn}`;

/** The demo tenant's button library, handling tabs, the demo matters' step buttons, signing and field rights. */
export async function seedMatterButtons(t: Queryable, s: Scope): Promise<void> {
  const tabIds: string[] = [];
  let order = 1;
  for (const [pageTabname, pageTaburl, isSys, isSave, isVerification] of tabs) {
    const row = await insert(t, matWfPageConfigure, s, {
      flag: 'handle',
      pageTabname,
      pageTaburl,
      isSys,
      isSave,
      isVerification,
      orderNum: order++,
    });
    tabIds.push(String(row.id));
  }
  const buttons = new Map<string, { id: string; type: number; value: string }>();
  order = 1;
  for (const b of library) {
    const row = await insert(t, matWfLocalButton, s, {
      localButtonName: b.name,
      localButtonType: b.type,
      localButtonValue: b.value,
      localButtonStyle: b.icon,
      localButtonColor: b.color,
      localButtonMethod: `handle('${b.value}')`,
      localButtonMethodForWeixin: `wxHandle('${b.value}')`,
      localButtonPageSetting: b.tabs.map((i) => tabIds[i]).join(','),
      orderNumber: order++,
    });
    buttons.set(b.name, { id: String(row.id), type: b.type, value: b.value });
    let n = 1;
    for (const butOptsInfo of b.opinions)
      await insert(t, matWfLocalButOpts, s, {
        localButtonId: row.id,
        localButtonName: b.name,
        orderNumber: n,
        butOptsInfo,
        isDefault: n++ === 1 ? 1 : 0,
      });
  }
  const stepButtons = new Map<string, string>();
  for (const [nn, names] of Object.entries(steps)) {
    let n = 1;
    for (const entry of names) {
      const [name, override] = entry.split('=');
      const b = buttons.get(name);
      if (!b) throw new Error(`seed: no library button ${name}`);
      const row = await insert(t, matWfElementButton, s, {
        elementId: stepId(nn),
        localButtonId: b.id,
        localButtonName: name,
        localButtonType: b.type,
        elementButtonName: override ?? null,
        buttonId: b.value,
        orderNum: n++,
      });
      stepButtons.set(`${nn}:${name}`, String(row.id));
    }
  }
  // 孤儿基本生活费申领: the county signs the approval form when it finishes; 困境儿童认定: the
  // home-visit assessment is signed twice (child director and township) before it is submitted.
  await insert(t, matWfElementElectronicSign, s, {
    elementId: stepId('123'),
    printId: '1904000000000000002',
    matIntMaterialsId: '1905000000000000021',
    associatedButtonId: stepButtons.get('123:办结'),
    signatureType: 1,
    isCreate: 1,
    isSignature: 1,
    isDownload: 1,
    isPrint: 1,
    signNumber: 1,
    signNumberMax: 1,
    orderNum: 1,
  });
  await insert(t, matWfElementElectronicSign, s, {
    elementId: stepId('132'),
    printId: '1904000000000000003',
    matIntMaterialsId: '1905000000000000035',
    associatedButtonId: stepButtons.get('132:提交'),
    signatureType: 3,
    isCreate: 1,
    isSignature: 1,
    isSignatureNumber: 1,
    showOptBtn: 1,
    signNumber: 2,
    signNumberMax: 2,
    orderNum: 1,
  });
  // 临时救助申请, county approval: what the applicant wrote is read-only, the amount and opinion required.
  let n = 1;
  for (const [fieldName, fieldLabel, permission] of [
    ['applicantName', '申请人姓名', 1],
    ['applicantIdCard', '身份证号', 1],
    ['familyIncome', '家庭月收入', 1],
    ['rescueAmount', '救助金额', 3],
    ['countyOpinion', '县级审批意见', 3],
    ['internalNote', '内部备注', 0],
  ] as const)
    await insert(t, matWfElementPermission, s, {
      elementId: stepId('113'),
      formId: '1902000000000000011',
      fieldName,
      fieldLabel,
      permission,
      orderNum: n++,
    });
  const [auditor] = await t.query<{ id: string }>(
    "select id::text from blade_user where tenant_id = $1 and account = 'auditor' and is_deleted = 0",
    [s.caller.tenantId],
  );
  if (auditor)
    await insert(t, matWfCustomHandler, s, {
      elementId: stepId('113'),
      handlerName: '县级审批小组',
      userIds: auditor.id,
      orderNum: 1,
      note: '县民政局社会救助股',
    });
}
