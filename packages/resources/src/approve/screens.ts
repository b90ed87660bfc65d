import { defineScreen } from '@civdesk/meta';
import { L } from '../labels.ts';
import { approveGroup } from '../menu-groups.ts';

// The case worker's screens (审批办理). The approval routes demand these codes: a list its
// screen's code, an action its button's (docs/approvals.md).

const workers = { admin: 'all', caseworker: 'all', auditor: 'all' } as const;

export const approveLaunchScreen = defineScreen({
  name: 'approve_launch',
  label: L('事项申报', 'Apply for a matter'),
  menu: { group: approveGroup, path: '/matters/launch', icon: 'MailOutlined', order: 1 },
  buttons: [{ action: 'register', label: L('申报', 'Register') }],
  grants: workers,
});

export const approveTodoScreen = defineScreen({
  name: 'approve_todo',
  label: L('待办事项', 'To do'),
  menu: { group: approveGroup, path: '/matters/todo', icon: 'BellOutlined', order: 2 },
  buttons: [
    { action: 'claim', label: L('签收', 'Claim') },
    { action: 'handle', label: L('办理', 'Handle') },
    { action: 'recall', label: L('撤回', 'Recall') },
    { action: 'batch', label: L('批量办理', 'Batch handle') },
  ],
  grants: workers,
});

export const approveDoneScreen = defineScreen({
  name: 'approve_done',
  label: L('已办事项', 'Done'),
  menu: { group: approveGroup, path: '/matters/done', icon: 'FolderOutlined', order: 3 },
  grants: workers,
});

export const approveFinishScreen = defineScreen({
  name: 'approve_finish',
  label: L('办结事项', 'Finished'),
  menu: { group: approveGroup, path: '/matters/finish', icon: 'SafetyOutlined', order: 4 },
  grants: workers,
});

export const approveScreens = [approveLaunchScreen, approveTodoScreen, approveDoneScreen, approveFinishScreen];
