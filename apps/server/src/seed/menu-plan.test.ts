import { defineMenuGroup, defineResource, defineScreen, type Resource } from '@civdesk/meta';
import { post, registry, systemGroup } from '@civdesk/resources';
import { describe, expect, it } from 'vitest';
import { menuPlan } from './menu-plan.ts';

// A new domain lands in its own menu group by its definitions alone: a group declared once, a
// resource naming it. Nothing in the seed names a group or a path.
const minor = defineMenuGroup({
  code: 'minor',
  label: { zh: '未成年人保护', en: 'Minor protection' },
  icon: 'TeamOutlined',
  path: '/minor',
  order: 5,
});
const unused = defineMenuGroup({ code: 'unused', label: { zh: '空组', en: 'Empty' }, icon: 'FolderOutlined', path: '/unused', order: 9 });

const caseFile = (name: string, menu: Resource['menu'] | { group: typeof minor; icon?: string; order?: number }): Resource =>
  defineResource({
    name,
    table: `dw_${name.replace(/-/g, '_')}`,
    label: { zh: `${name}名称`, en: name },
    api: `/api/dw-minor/${name}`,
    tenant: true,
    softDelete: true,
    defaultSort: [],
    fields: { caseName: { type: 'string', label: { zh: '名称', en: 'Name' } } },
    menu,
  });

const byCode = (plan: ReturnType<typeof menuPlan>, code: string) => plan.menus.find((m) => m.code === code);

describe('the menu plan', () => {
  it('puts a resource of a new group under that group, at its declared path with its icon', () => {
    const warning = caseFile('case-warning', { group: minor, icon: 'AlertOutlined' });
    const plan = menuPlan([post, warning, caseFile('case-plan', { group: minor, order: 7 }), caseFile('case-note', false)]);
    expect(plan.groups).toEqual([systemGroup, minor]);
    expect(byCode(plan, 'minor')).toMatchObject({
      parent: null,
      name: '未成年人保护',
      path: '/minor',
      source: 'TeamOutlined',
      sort: 5,
      category: 1,
    });
    expect(byCode(plan, 'case-warning')).toMatchObject({
      parent: 'minor',
      path: '/minor/case-warning',
      source: 'AlertOutlined',
      sort: 1,
      category: 1,
    });
    expect(byCode(plan, 'case-plan')).toMatchObject({ parent: 'minor', path: '/minor/case-plan', source: 'AppstoreOutlined', sort: 7 });
    // Its buttons hang under its screen; a resource without a menu entry gets nothing.
    expect(byCode(plan, 'case-warning_add')).toMatchObject({
      parent: 'case-warning',
      path: '/minor/case-warning/add',
      category: 2,
      action: 0,
    });
    expect(plan.menus.some((m) => m.code.startsWith('case-note'))).toBe(false);
    // The system group keeps its screens.
    expect(byCode(plan, 'post')).toMatchObject({ parent: 'system', path: '/system/post', sort: 1 });
  });

  it('puts a declared screen (not a resource) in its group after the resources, with its buttons', () => {
    const warning = caseFile('case-warning', { group: minor });
    const board = defineScreen({
      name: 'case-board',
      label: { zh: '案件看板', en: 'Case board' },
      menu: { group: minor, icon: 'DashboardOutlined' },
      buttons: [{ action: 'assign', label: { zh: '分派', en: 'Assign' } }],
    });
    const plan = menuPlan([post, warning], [], [board]);
    expect(plan.groups).toEqual([systemGroup, minor]);
    expect(byCode(plan, 'case-board')).toMatchObject({
      parent: 'minor',
      path: '/minor/case-board',
      source: 'DashboardOutlined',
      sort: 2,
      screen: board,
    });
    expect(byCode(plan, 'case-board_assign')).toMatchObject({ parent: 'case-board', category: 2, name: '分派' });
  });

  it('leaves out a group without screens unless asked to keep it', () => {
    expect(menuPlan([post]).groups).toEqual([systemGroup]);
    expect(menuPlan([post], [unused]).groups).toEqual([systemGroup, unused]);
  });

  it('today: the console in five groups, the developer tools, the matter and the custom query groups, every screen at its declared path, in registry order within its group', () => {
    const plan = menuPlan(registry);
    expect(plan.groups.map((g) => [g.code, g.label.zh])).toEqual([
      ['system', '系统管理'],
      ['authority', '权限管理'],
      ['config', '系统配置'],
      ['log', '日志管理'],
      ['monitor', '系统监控'],
      ['develop', '研发工具'],
      ['matter', '事项配置'],
      ['query', '自定义查询'],
    ]);
    const screens = plan.menus.filter((m) => m.category === 1 && m.parent !== null);
    expect(screens.map((m) => [m.code, m.parent, m.path])).toEqual(
      // The console's screens keep /system/<name>; a domain's group gives its own prefix; a screen
      // the spec routes elsewhere (the app-upgrade registry's /upgrade-app) declares its path.
      registry.flatMap((r) =>
        r.menu ? [[r.name, r.menu.group.code, r.name === 'upgrade-app' ? '/upgrade-app' : `${r.menu.group.path}/${r.name}`]] : [],
      ),
    );
    for (const g of plan.groups) {
      const sorts = screens.filter((m) => m.parent === g.code).map((m) => m.sort);
      // In order; a group's own screens (not resources) may take places in between.
      expect(sorts, g.code).toEqual([...sorts].sort((a, b) => a - b));
      expect(new Set(sorts).size, g.code).toBe(sorts.length);
    }
  });
});
