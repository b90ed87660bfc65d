import { describe, expect, it } from 'vitest';
import { activeItem, buildMenu, firstLeaf, originalOf, type ServerMenu, searchMenu } from './menu-model.ts';

const tree: ServerMenu[] = [
  {
    id: '1',
    code: 'system',
    name: '系统管理',
    path: '/system',
    sort: 2,
    children: [
      { id: '11', code: 'user', name: '用户管理', path: '/system/user', sort: 1 },
      { id: '12', code: 'Userlog', name: 'User log', path: '/system/log-usual', sort: 2 },
      { id: '13', code: 'btn', name: '新增', path: '/system/user/add', category: 2 },
    ],
  },
  {
    id: '2',
    code: 'report',
    name: '报表',
    path: '/report',
    sort: 1,
    children: [
      { id: '21', code: 'r1', name: '月报', path: '/report/list?type=month', sort: 1 },
      { id: '22', code: 'r2', name: '年报', path: '/report/list?type=year', sort: 2 },
      { id: '23', code: 'site', name: '外部站点', path: 'https://example.org/a', sort: 3, isOpen: 2 },
      { id: '24', code: 'help', name: '帮助', path: '/static/help.html', sort: 4 },
      { id: '25', code: 'secret', name: '领导页', path: '/secret', sort: 5, roles: ['leader'] },
    ],
  },
];

describe('menu model', () => {
  it('gives paths with a query a numbered suffix and keeps the query', () => {
    const items = buildMenu(tree);
    const report = items[0].children;
    expect(report.map((i) => i.path).slice(0, 2)).toEqual(['/report/list-1?type=month', '/report/list-2?type=year']);
    expect(report[0].rawPath).toBe('/report/list?type=month');
    expect(originalOf(items, '/report/list-2')?.name).toBe('年报');
  });

  it('sends html pages and http addresses to the frame page; isOpen 2 opens a new window', () => {
    const report = buildMenu(tree)[0].children;
    expect(report.find((i) => i.code === 'site')).toMatchObject({ frame: true, newWindow: true, path: '/frame/23' });
    expect(report.find((i) => i.code === 'help')).toMatchObject({ frame: true, newWindow: false, path: '/frame/24' });
  });

  it('sorts, drops buttons and items restricted to other roles', () => {
    const items = buildMenu(tree, ['admin']);
    expect(items.map((i) => i.code)).toEqual(['report', 'system']);
    expect(items[1].children.map((i) => i.code)).toEqual(['user', 'Userlog']);
    expect(items[0].children.some((i) => i.code === 'secret')).toBe(false);
    expect(buildMenu(tree, ['leader'])[0].children.some((i) => i.code === 'secret')).toBe(true);
  });

  it('reads the restriction as the server sends it: role aliases separated by commas', () => {
    const sent: ServerMenu[] = [
      { id: '1', code: 'open', name: '公开', path: '/open', roles: null },
      { id: '2', code: 'empty', name: '空限制', path: '/empty', roles: '' },
      { id: '3', code: 'lead', name: '领导', path: '/lead', roles: 'leader, administrator' },
    ];
    expect(buildMenu(sent, ['user']).map((i) => i.code)).toEqual(['open', 'empty']);
    expect(buildMenu(sent, ['administrator']).map((i) => i.code)).toEqual(['open', 'empty', 'lead']);
    expect(buildMenu(sent, []).map((i) => i.code)).toEqual(['open', 'empty']);
  });

  it('searches leaves whose name starts with the text, ignoring case', () => {
    const items = buildMenu(tree);
    expect(searchMenu(items, 'user').map((i) => i.code)).toEqual(['Userlog']);
    expect(searchMenu(items, 'USER L').map((i) => i.code)).toEqual(['Userlog']);
    expect(searchMenu(items, '用户').map((i) => i.code)).toEqual(['user']);
    expect(searchMenu(items, '管理')).toEqual([]); // starts with, not contains
    expect(searchMenu(items, '系统')).toEqual([]); // groups are not listed
    expect(searchMenu(items, '  ')).toEqual([]);
  });

  it('finds the first leaf and the active entry (menuId wins)', () => {
    const items = buildMenu(tree);
    expect(firstLeaf(items[1])?.code).toBe('user');
    expect(activeItem(items, '/system/user')?.code).toBe('user');
    expect(activeItem(items, '/system/user', '12')?.code).toBe('Userlog');
    expect(activeItem(items, '/nowhere')).toBeUndefined();
  });
});
