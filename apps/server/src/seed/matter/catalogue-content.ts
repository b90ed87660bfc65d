// The demo matters' guide content: fictional offices and phones; the conditions, laws and steps
// follow the published civil-affairs guides these matters are modelled on.

export type DemoItem = {
  id: string;
  catalogue: string;
  itemName: string;
  itemNo: string;
  itemType: string;
  eventType: string;
  applyType: string;
  deadlineLegal: number;
  deadlinePromise: number;
  warningTimes: number;
  guide: string;
  conditions: string[];
  laws: { lawsName: string; lawsNo: string; lawsTermsName: string; lawsTermsInfo: string; lawsOrg: string }[];
  procedures: [name: string, info: string, content: string][];
};

export const SOCIAL_ASSISTANCE = '1900000000000000001';
export const CHILD_WELFARE = '1900000000000000002';

export const demoItems: DemoItem[] = [
  {
    id: '1901000000000000001',
    catalogue: SOCIAL_ASSISTANCE,
    itemName: '临时救助申请',
    itemNo: 'LSJZ-001',
    itemType: '2',
    eventType: '2',
    applyType: '1',
    deadlineLegal: 15,
    deadlinePromise: 10,
    warningTimes: 3,
    guide:
      '<h3>服务对象</h3><p>因火灾、交通事故、突发重大疾病等意外事件，或因医疗、教育等必需支出突然增加，导致基本生活暂时出现严重困难的家庭或个人。</p>' +
      '<h3>办理方式</h3><p>向户籍所在地或经常居住地乡镇人民政府（街道办事处）提出申请，也可由村（居）民委员会代为提出；情况紧急的可先行救助，事后补齐材料。</p>' +
      '<h3>办理时限</h3><p>承诺时限10个工作日，法定时限15个工作日。</p><h3>收费标准</h3><p>不收费。</p>',
    conditions: [
      '因火灾、交通事故等意外事件，家庭成员突发重大疾病等原因，导致基本生活暂时出现严重困难的家庭（急难型）',
      '因生活必需支出突然增加超出家庭承受能力，导致基本生活暂时出现严重困难的最低生活保障家庭或低收入家庭（支出型）',
      '同一事由原则上一年内只救助一次，经核实确有特殊困难的除外',
    ],
    laws: [
      {
        lawsName: '社会救助暂行办法',
        lawsNo: '国务院令第649号',
        lawsTermsName: '第四十七条',
        lawsTermsInfo:
          '<p>国家对因火灾、交通事故等意外事件，家庭成员突发重大疾病等原因，导致基本生活暂时出现严重困难的家庭，或者因生活必需支出突然增加超出家庭承受能力，导致基本生活暂时出现严重困难的最低生活保障家庭，以及遭遇其他特殊困难的家庭，给予临时救助。</p>',
        lawsOrg: '国务院',
      },
      {
        lawsName: '国务院关于全面建立临时救助制度的通知',
        lawsNo: '国发〔2014〕47号',
        lawsTermsName: '二、（二）',
        lawsTermsInfo: '<p>凡认为符合救助条件的城乡居民家庭或个人均可以向所在地乡镇人民政府（街道办事处）提出临时救助申请。</p>',
        lawsOrg: '国务院',
      },
    ],
    procedures: [
      ['申请登记', '申请人提交申请书及相关材料', '申请人或村（居）民委员会代为向乡镇（街道）提交临时救助申请及证明材料。'],
      ['乡镇受理', '乡镇（街道）审查材料', '材料齐全的当场受理；材料不全的一次性告知需补正的全部内容。'],
      ['调查核实', '入户调查与经济状况核对', '乡镇（街道）组织入户调查，开展家庭经济状况核对。'],
      ['公示', '在村（居）务公开栏公示', '调查结果在申请人所在村（居）公示，公示期满无异议的报县级审批。'],
      ['县级审批', '县级民政部门审批', '县级民政部门审批并确定救助金额；不予救助的书面说明理由。'],
      ['发放告知', '发放救助金并告知结果', '乡镇（街道）发放救助金，告知申请人办理结果。'],
    ],
  },
  {
    id: '1901000000000000002',
    catalogue: CHILD_WELFARE,
    itemName: '孤儿基本生活费申领',
    itemNo: 'GEJBSHF-001',
    itemType: '2',
    eventType: '2',
    applyType: '1',
    deadlineLegal: 30,
    deadlinePromise: 20,
    warningTimes: 3,
    guide:
      '<h3>服务对象</h3><p>父母双方死亡、被人民法院宣告死亡或失踪，或者经公安机关查找不到父母的未满18周岁儿童（年满18周岁仍在校就读的可延续）。</p>' +
      '<h3>办理方式</h3><p>由孤儿监护人向孤儿户籍所在地乡镇人民政府（街道办事处）提出申请。为保护儿童隐私，审核结果不公示。</p>' +
      '<h3>发放</h3><p>审批通过后自次月起按月发放基本生活费。</p>',
    conditions: [
      '未满18周岁，或年满18周岁仍在全日制学校就读',
      '父母双方均死亡、被人民法院宣告死亡或宣告失踪，或经公安机关查找不到生父母',
      '具有本地户籍',
    ],
    laws: [
      {
        lawsName: '国务院办公厅关于加强孤儿保障工作的意见',
        lawsNo: '国办发〔2010〕54号',
        lawsTermsName: '二、（一）',
        lawsTermsInfo: '<p>建立孤儿基本生活保障制度。各地要按照不低于当地平均生活水平的原则，合理确定孤儿基本生活最低养育标准。</p>',
        lawsOrg: '国务院办公厅',
      },
    ],
    procedures: [
      ['申请', '监护人提出申请', '监护人向儿童户籍所在地乡镇（街道）提交申请表及证明材料。'],
      ['乡镇受理核实', '受理并入户核实', '乡镇（街道）受理申请，会同村（居）民委员会入户核实。'],
      ['县级审批', '县级民政部门审批', '县级民政部门审批，与监护人签订养育协议。'],
      ['发放登记', '登记并按月发放', '录入全国儿童福利信息系统，自次月起发放基本生活费。'],
    ],
  },
  {
    id: '1901000000000000003',
    catalogue: CHILD_WELFARE,
    itemName: '困境儿童认定',
    itemNo: 'KJETRD-001',
    itemType: '7',
    eventType: '2',
    applyType: '1',
    deadlineLegal: 20,
    deadlinePromise: 15,
    warningTimes: 3,
    guide:
      '<h3>服务对象</h3><p>因家庭贫困导致生活、就医、就学等困难的儿童，因自身残疾导致康复、照料、护理和社会融入等困难的儿童，以及因家庭监护缺失或监护不当遭受虐待、遗弃、意外伤害、不法侵害等导致人身安全受到威胁或侵害的儿童。</p>' +
      '<h3>办理方式</h3><p>监护人申请，或由村（居）儿童主任代为申请；未成年人保护个案中发现的线索也可发起认定。</p>',
    conditions: ['未满18周岁', '属于家庭贫困、自身残疾或监护缺失（监护不当）三类困境情形之一', '具有本地户籍或在本地连续居住满一年'],
    laws: [
      {
        lawsName: '国务院关于加强困境儿童保障工作的意见',
        lawsNo: '国发〔2016〕36号',
        lawsTermsName: '一、（二）',
        lawsTermsInfo:
          '<p>困境儿童包括因家庭贫困导致生活、就医、就学等困难的儿童，因自身残疾导致康复、照料、护理和社会融入等困难的儿童，以及因家庭监护缺失或监护不当遭受虐待、遗弃、意外伤害、不法侵害等导致人身安全受到威胁或侵害的儿童。</p>',
        lawsOrg: '国务院',
      },
    ],
    procedures: [
      ['申请/发现登记', '监护人或儿童主任登记', '监护人申请或村（居）儿童主任代为登记。'],
      ['乡镇受理', '儿童督导员受理', '乡镇（街道）儿童督导员审查材料并受理。'],
      ['入户调查评估', '儿童主任入户评估', '儿童主任入户调查，填写评估表。'],
      ['乡镇审核', '乡镇（街道）审核', '乡镇（街道）审核调查评估结果。'],
      ['县级认定', '县级民政部门认定', '县级民政部门作出认定，不公示。'],
      ['分类保障转介', '按类别转介保障', '按困境类别转介社会救助、医疗救助、教育资助或未成年人保护个案。'],
    ],
  },
];
