import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../menu-model.ts';
import { labelOf } from './shell-context.tsx';

const item = (code: string, name: string, rawPath: string): MenuItem => ({
  id: code,
  code,
  name,
  path: rawPath,
  rawPath,
  frame: false,
  newWindow: false,
  children: [],
});

describe('menu labels', () => {
  it('names a screen and a group from their definitions in English, anything else by its name', () => {
    expect(labelOf(item('post', '岗位管理', '/system/post'), 'en')).toBe('Posts');
    expect(labelOf(item('post', '岗位管理', '/system/post?from=menu'), 'en')).toBe('Posts');
    expect(labelOf(item('user', '用户管理', '/system/user'), 'en')).toBe('Users');
    expect(labelOf(item('system', '系统管理', '/system'), 'en')).toBe('System');
    expect(labelOf(item('x1', '外部链接', '/frame/x1'), 'en')).toBe('外部链接');
    expect(labelOf(item('post', '岗位', '/system/post'), 'zh')).toBe('岗位');
  });
});
