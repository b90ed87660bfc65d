import { describe, expect, it } from 'vitest';
import { activeEntry, menuLabel, systemGroup } from './menu.ts';

describe('menu from the registry', () => {
  it('lists every resource with a list screen under 系统管理, at /system/<name>', () => {
    expect(systemGroup.label.zh).toBe('系统管理');
    const paths = systemGroup.children.map((e) => e.path);
    expect(paths.slice(0, 5)).toEqual(['/system/post', '/system/param', '/system/dict', '/system/dict-biz', '/system/region']);
    // Users have their own calls and no engine list route: no generic screen for them.
    expect(paths).not.toContain('/system/user');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names the page after the active entry', () => {
    expect(menuLabel('/system/post', 'zh')).toBe('岗位管理');
    expect(menuLabel('/system/post', 'en')).toBe('Posts');
    expect(menuLabel('/wel/index', 'zh')).toBe('首页');
    expect(activeEntry('/system/unknown')).toBeUndefined();
  });
});
