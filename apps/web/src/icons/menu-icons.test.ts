import { menuGroups, registry, screens } from '@civdesk/resources';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './menu-icons.ts';

describe('menu icons', () => {
  it('has every icon a menu group, a resource screen or another screen declares', () => {
    const declared = [
      ...menuGroups.map((g) => g.icon),
      ...registry.flatMap((r) => (r.menu ? [r.menu.icon] : [])),
      ...screens.map((s) => s.menu.icon),
    ];
    expect(declared.filter((i) => !(i in MENU_ICONS))).toEqual([]);
  });
});
