import { defineScreen } from '@civdesk/meta';
import { L } from '../labels.ts';
import { flowGroup, workGroup } from '../menu-groups.ts';

// The workflow screens: process administration (流程管理) and the signed-in user's work (我的事务).
// The server's routes demand these codes: a list its screen's code, an action its button's.

export const flowModelScreen = defineScreen({
  name: 'flow_model',
  label: L('模型设计', 'Process models'),
  menu: { group: flowGroup, path: '/flow/model', icon: 'ApartmentOutlined', order: 1 },
  buttons: [
    { action: 'add', label: L('新增', 'Add') },
    { action: 'edit', label: L('设计', 'Design') },
    { action: 'delete', label: L('删除', 'Delete') },
    { action: 'deploy', label: L('部署', 'Deploy') },
  ],
  grants: { admin: 'all' },
});

export const flowManagerScreen = defineScreen({
  name: 'flow_manager',
  label: L('部署管理', 'Deployments'),
  menu: { group: flowGroup, path: '/flow/manager', icon: 'DeploymentUnitOutlined', order: 2 },
  buttons: [
    { action: 'upload', label: L('上传部署', 'Upload') },
    { action: 'state', label: L('变更状态', 'Change state') },
    { action: 'delete', label: L('删除', 'Delete') },
  ],
  grants: { admin: 'all' },
});

export const flowFollowScreen = defineScreen({
  name: 'flow_follow',
  label: L('流程跟踪', 'Running processes'),
  menu: { group: flowGroup, path: '/flow/follow', icon: 'NodeIndexOutlined', order: 3 },
  buttons: [
    { action: 'delete', label: L('删除', 'Delete') },
    { action: 'suspend', label: L('挂起/激活', 'Suspend/resume') },
    { action: 'migrate', label: L('迁移版本', 'Migrate') },
  ],
  grants: { admin: 'all', auditor: [] },
});

const everyone = { admin: 'all', caseworker: 'all', auditor: 'all' } as const;

export const workStartScreen = defineScreen({
  name: 'work_start',
  label: L('发起', 'Start'),
  menu: { group: workGroup, path: '/work/start', icon: 'PlayCircleOutlined', order: 1 },
  buttons: [{ action: 'start', label: L('发起', 'Start') }],
  grants: everyone,
});

export const workClaimScreen = defineScreen({
  name: 'work_claim',
  label: L('待签', 'To claim'),
  menu: { group: workGroup, path: '/work/claim', icon: 'InboxOutlined', order: 2 },
  buttons: [{ action: 'claim', label: L('签收', 'Claim') }],
  grants: everyone,
});

export const workTodoScreen = defineScreen({
  name: 'work_todo',
  label: L('待办', 'To do'),
  menu: { group: workGroup, path: '/work/todo', icon: 'CarryOutOutlined', order: 3 },
  buttons: [
    { action: 'handle', label: L('办理', 'Handle') },
    { action: 'delegate', label: L('委派/转办', 'Delegate/transfer') },
    { action: 'cc', label: L('抄送', 'Copy to') },
    { action: 'sign', label: L('加签', 'Add signer') },
  ],
  grants: everyone,
});

export const workSendScreen = defineScreen({
  name: 'work_send',
  label: L('已发', 'Sent'),
  menu: { group: workGroup, path: '/work/send', icon: 'SendOutlined', order: 4 },
  grants: everyone,
});

export const workDoneScreen = defineScreen({
  name: 'work_done',
  label: L('已办', 'Done'),
  menu: { group: workGroup, path: '/work/done', icon: 'FileDoneOutlined', order: 5 },
  buttons: [{ action: 'recall', label: L('撤回', 'Recall') }],
  grants: everyone,
});

export const workflowScreens = [
  flowModelScreen,
  flowManagerScreen,
  flowFollowScreen,
  workStartScreen,
  workClaimScreen,
  workTodoScreen,
  workSendScreen,
  workDoneScreen,
];
