import { describe, expect, it } from 'vitest';
import { defineResource } from './define-resource.ts';
import { DEFAULT_SCREEN_ICON, defineMenuGroup } from './menu.ts';

const matter = defineMenuGroup({
  code: 'matter',
  label: { zh: '事项配置', en: 'Matters' },
  icon: 'ProfileOutlined',
  path: '/matter',
  order: 2,
});

const sample = (menu: Parameters<typeof defineResource>[0]['menu']) =>
  defineResource({
    name: 'matter-item',
    table: 'dw_matter_item',
    label: { zh: '事项', en: 'Matters' },
    api: '/api/dw-matter/item',
    tenant: true,
    softDelete: true,
    defaultSort: [],
    fields: { itemName: { type: 'string', label: { zh: '事项名称', en: 'Name' } } },
    menu,
  });

describe('menu placement', () => {
  it('puts a screen at <group path>/<name> with the default icon unless the definition says otherwise', () => {
    expect(sample({ group: matter }).menu).toEqual({ group: matter, path: '/matter/matter-item', icon: DEFAULT_SCREEN_ICON });
    expect(sample({ group: matter, path: '/matter/items', icon: 'FileTextOutlined', order: 3 }).menu).toEqual({
      group: matter,
      path: '/matter/items',
      icon: 'FileTextOutlined',
      order: 3,
    });
    expect(sample(false).menu).toBe(false);
  });

  it('refuses paths a menu row or the router cannot take, icons that are not icon names, and bad orders', () => {
    expect(() => sample({ group: matter, path: 'matter/items' })).toThrow(/path/);
    expect(() => sample({ group: matter, path: '/matter/items?x=1' })).toThrow(/path/);
    expect(() => sample({ group: matter, icon: 'profile' })).toThrow(/icon/);
    expect(() => sample({ group: matter, order: 0 })).toThrow(/order/);
    expect(() => defineMenuGroup({ ...matter, path: '/Matter/' })).toThrow(/path/);
    expect(() => defineMenuGroup({ ...matter, icon: '<svg>' })).toThrow(/icon/);
    expect(() => defineMenuGroup({ ...matter, order: 1.5 })).toThrow(/order/);
  });
});
