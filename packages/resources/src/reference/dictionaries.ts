// System dictionaries (blade_dict) the product's screens and records use, with their Chinese
// values. Declared here, beside the definitions whose `dict` fields name them; every start adds
// the dictionaries and entries a database lacks (seed/reference.ts), never changing one that exists.

type Entry = [key: string, value: string];

/** A dictionary: its title (the root row's value) and entries (key, value) in order. */
export type Dictionary = { title: string; entries: Entry[] };

/** Code → dictionary. */
export const dictionaries: Record<string, Dictionary> = {
  yes_no: {
    title: '是否',
    entries: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  GB_YES_OR_NO: {
    title: '是否（国标）',
    entries: [
      ['1', '是'],
      ['2', '否'],
    ],
  },
  sex: {
    title: '性别',
    entries: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  region: {
    title: '行政区划层级',
    entries: [
      ['1', '省'],
      ['2', '市'],
      ['3', '区县'],
      ['4', '乡镇街道'],
      ['5', '村社区'],
    ],
  },
  busi_type: {
    title: '业务类型',
    entries: [
      ['1', '未成年人保护'],
      ['2', '社会救助'],
      ['3', '慈善服务'],
      ['4', '政务审批'],
    ],
  },
  organ_type: {
    title: '机构类型',
    entries: [
      ['1', '民政部门'],
      ['2', '未成年人保护中心'],
      ['3', '乡镇街道'],
      ['4', '村社区'],
      ['5', '社会组织'],
      ['6', '其他'],
    ],
  },
  user_type: {
    title: '用户平台',
    entries: [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', '其他'],
    ],
  },
  post_category: {
    title: '岗位类型',
    entries: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  vm_audit_status: {
    title: '审核状态',
    entries: [
      ['0', '待审核'],
      ['1', '审核通过'],
      ['2', '审核驳回'],
    ],
  },
  classified_type: {
    title: '密级',
    entries: [
      ['1', '公开'],
      ['2', '内部'],
      ['3', '秘密'],
      ['4', '机密'],
    ],
  },
  data_scope_type: {
    title: '数据权限类型',
    entries: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  api_scope_type: {
    title: '接口权限类型',
    entries: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  scope_category: {
    title: '权限类型',
    entries: [
      ['1', '数据权限'],
      ['2', '接口权限'],
    ],
  },
  // Process categories (deployments, work lists).
  flow: {
    title: '流程类型',
    entries: [
      ['flow_1', '办公流程'],
      ['flow_2', '业务流程'],
      ['flow_3', '事项审批'],
    ],
  },
  notice: {
    title: '通知类型',
    entries: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
      ['7', '会议通知'],
    ],
  },
  menu_category: {
    title: '菜单类型',
    entries: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  button_func: {
    title: '按钮功能',
    entries: [
      ['0', '工具栏'],
      ['1', '操作栏'],
      ['2', '工具栏和操作栏'],
    ],
  },
  SYS_WF_LOCAL_BUTTON: {
    title: '流程本地按钮类型',
    entries: [
      ['1', '提交'],
      ['2', '退回'],
      ['3', '保存'],
      ['4', '挂起'],
      ['5', '打印'],
      ['6', '其他'],
    ],
  },
  SYS_WF_METHOD_TYPE: {
    title: '流程方法触发方式',
    entries: [
      ['1', '办理前'],
      ['2', '办理后'],
      ['3', '退回前'],
      ['4', '退回后'],
    ],
  },
  SYS_MESSAGE_TYPE: {
    title: '消息类型',
    entries: [
      ['1', '站内消息'],
      ['2', '短信'],
      ['3', '邮件'],
    ],
  },
  OW_SUSPEND_TYPE: {
    title: '挂起类型',
    entries: [
      ['1', '补正材料'],
      ['2', '现场核查'],
      ['3', '专家评审'],
      ['4', '其他'],
    ],
  },
  DATE_RANGE_TYPE: {
    title: '日期范围类型',
    entries: [
      ['1', '今天'],
      ['2', '本周'],
      ['3', '本月'],
      ['4', '本季度'],
      ['5', '本年'],
    ],
  },
  MAT_ITEM_STATUS: {
    title: '事项状态',
    entries: [
      ['0', '停用'],
      ['1', '启用'],
    ],
  },
  MAT_ITEM_TYPE: {
    title: '事项类型',
    entries: [
      ['1', '行政许可'],
      ['2', '行政给付'],
      ['3', '行政确认'],
      ['4', '行政奖励'],
      ['5', '行政裁决'],
      ['6', '其他行政权力'],
      ['7', '公共服务'],
    ],
  },
  MAT_EVENT_TYPE: {
    title: '办件类型',
    entries: [
      ['1', '即办件'],
      ['2', '承诺件'],
    ],
  },
  MAT_APPLY_TYPE: {
    title: '服务对象',
    entries: [
      ['1', '自然人'],
      ['2', '法人'],
      ['3', '自然人和法人'],
    ],
  },
  // Who uploads a material on the application screens (packages/resources/src/matter/upload-mode.ts reads it).
  MAT_FILE_UPLOAD_MODE: {
    title: '材料上传方式',
    entries: [
      ['1', '申请人'],
      ['2', '申请人及家庭成员'],
      ['3', '申请人、家庭成员及18周岁以上赡(抚/扶)养人'],
      ['4', '申请人、家庭成员及赡(抚/扶)养人'],
      ['5', '申请人、18周岁以上家庭成员及18周岁以上赡(抚/扶)养人'],
    ],
  },
  // Options of the demo matters' designed forms (application and handling forms).
  MAT_HOUSEHOLD_TYPE: {
    title: '户籍类型',
    entries: [
      ['1', '本地农业户口'],
      ['2', '本地非农业户口'],
      ['3', '本地居民户口'],
      ['4', '外地户籍常住人口'],
    ],
  },
  MAT_RELIEF_REASON: {
    title: '临时救助原因',
    entries: [
      ['1', '火灾、交通事故等意外事件'],
      ['2', '突发重大疾病'],
      ['3', '生活必需支出突然增加'],
      ['4', '其他特殊困难'],
    ],
  },
  MAT_CHILD_SITUATION: {
    title: '儿童困境类型',
    entries: [
      ['1', '父母双方均符合事实无人抚养条件'],
      ['2', '家庭经济困难'],
      ['3', '自身重病重残'],
      ['4', '其他困境'],
    ],
  },
  MAT_HANDLE_RESULT: {
    title: '办理意见',
    entries: [
      ['1', '同意'],
      ['2', '不同意'],
      ['3', '补正材料'],
    ],
  },
  approve_status: {
    title: '办件状态',
    entries: [
      ['DRAFT', '暂存'],
      ['SUBMITTED', '待受理'],
      ['AWAIT_SUPPLEMENT', '待补正'],
      ['IN_PROGRESS', '办理中'],
      ['SUSPENDED', '已挂起'],
      ['NOT_ACCEPTED', '不予受理'],
      ['COMPLETED_APPROVED', '办结（准予）'],
      ['COMPLETED_REJECTED', '办结（不予）'],
      ['WITHDRAWN', '已撤件'],
      ['TERMINATED', '已终止'],
    ],
  },
  approve_source: {
    title: '办件来源',
    entries: [
      ['1', '窗口受理'],
      ['2', '网上申报'],
      ['3', '自助终端'],
    ],
  },
};
