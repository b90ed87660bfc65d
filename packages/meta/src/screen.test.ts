import { describe, expect, it } from 'vitest';
import { defineMenuGroup } from './menu.ts';
import { defineScreen, grantedButtons } from './screen.ts';

const work = defineMenuGroup({
  code: 'work',
  label: { zh: '我的事务', en: 'My work' },
  icon: 'ScheduleOutlined',
  path: '/work',
  order: 21,
});
const todo = defineScreen({
  name: 'work_todo',
  label: { zh: '待办', en: 'To do' },
  menu: { group: work, path: '/work/todo', icon: 'CheckSquareOutlined' },
  api: '/api/blade-flow/work',
  buttons: [
    { action: 'view', label: { zh: '查看', en: 'View' } },
    { action: 'complete', label: { zh: '办理', en: 'Handle' } },
  ],
  grants: { admin: 'all', auditor: ['view'] },
});

describe('screens that are not resources', () => {
  it('fill in their placement and name their buttons <name>_<action>', () => {
    expect(todo.menu).toEqual({ group: work, path: '/work/todo', icon: 'CheckSquareOutlined' });
    expect(todo.buttons.map((b) => b.code)).toEqual(['work_todo_view', 'work_todo_complete']);
  });

  it('grant the built-in roles what they list, and nothing to a role they do not name', () => {
    expect(grantedButtons(todo, 'admin')?.map((b) => b.action)).toEqual(['view', 'complete']);
    expect(grantedButtons(todo, 'auditor')?.map((b) => b.action)).toEqual(['view']);
    expect(grantedButtons(todo, 'caseworker')).toBeUndefined();
  });

  it('refuse bad names, paths and grants of actions they do not have', () => {
    const base = { label: { zh: 'x', en: 'x' }, menu: { group: work } };
    expect(() => defineScreen({ ...base, name: 'Work Todo' })).toThrow(/name/);
    expect(() => defineScreen({ ...base, name: 'x', menu: { group: work, path: '/Work/x' } })).toThrow(/path/);
    expect(() => defineScreen({ ...base, name: 'x', grants: { admin: ['approve'] } })).toThrow(/unknown actions approve/);
  });
});
