import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeSide, closeTab, HOME_TAB, openTab, type Tab } from './tabs.ts';

const a: Tab = { key: '/system/user', label: '用户管理' };
const b: Tab = { key: '/system/role', label: '角色管理' };

describe('tab rules', () => {
  it('opens each page once, home first', () => {
    let tabs = openTab([], a);
    expect(tabs.map((t) => t.key)).toEqual([HOME_TAB.key, a.key]);
    tabs = openTab(tabs, a);
    tabs = openTab(tabs, b);
    expect(tabs.map((t) => t.key)).toEqual([HOME_TAB.key, a.key, b.key]);
    expect(openTab(tabs, { ...a, label: 'Users' })[1].label).toBe('Users');
  });

  it('never closes the last tab; closing the active one moves to its neighbour', () => {
    expect(closeTab([HOME_TAB], HOME_TAB.key, HOME_TAB.key).tabs).toEqual([HOME_TAB]);
    const tabs = [HOME_TAB, a, b];
    expect(closeTab(tabs, a.key, a.key)).toEqual({ tabs: [HOME_TAB, b], next: b.key });
    expect(closeTab(tabs, b.key, b.key)).toEqual({ tabs: [HOME_TAB, a], next: a.key });
    expect(closeTab(tabs, a.key, b.key)).toEqual({ tabs: [HOME_TAB, b] });
  });

  it('close others keeps home and the current; close all leaves home', () => {
    expect(closeOthers([HOME_TAB, a, b], b.key)).toEqual([HOME_TAB, b]);
    expect(closeAll([HOME_TAB, a, b])).toEqual([HOME_TAB]);
    expect(closeAll([a, b])).toEqual([HOME_TAB]);
  });

  it('close left / right keeps home and the given tab', () => {
    const c: Tab = { key: '/system/post', label: '岗位管理' };
    expect(closeSide([HOME_TAB, a, b, c], b.key, 'left')).toEqual([HOME_TAB, b, c]);
    expect(closeSide([HOME_TAB, a, b, c], b.key, 'right')).toEqual([HOME_TAB, a, b]);
    expect(closeSide([HOME_TAB, a], HOME_TAB.key, 'right')).toEqual([HOME_TAB]);
  });
});
