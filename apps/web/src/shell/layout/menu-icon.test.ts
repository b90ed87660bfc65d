import { menuGroups, registry } from '@civdesk/resources';
import { describe, expect, it } from 'vitest';
import { knownMenuIcons } from './menu-icon.tsx';

describe('menu icons', () => {
  it('draws every icon a menu group or a screen declares', () => {
    const declared = [...menuGroups.map((g) => g.icon), ...registry.flatMap((r) => (r.menu ? [r.menu.icon] : []))];
    expect(declared.filter((i) => !knownMenuIcons.has(i))).toEqual([]);
  });
});
