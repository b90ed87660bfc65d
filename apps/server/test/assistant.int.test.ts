import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The assistant opens the screens the caller has (by name, English, pinyin), answers how to do a
// list action on one, answers from the most relevant help, and says when it does not know.
let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
});
afterAll(() => t?.close());

const ask = async (query: string, u: TestUser = admin) =>
  (
    await t.call(u, {
      method: 'POST',
      url: '/api/dw-widgets/assistant/ask',
      payload: `query=${encodeURIComponent(query)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).body.data as { command?: string; path?: string; content: string };

describe('the assistant', () => {
  it('opens the screen asked for, by its name, English or pinyin', async () => {
    expect(await ask('打开岗位管理')).toMatchObject({ command: 'open_menu', path: '/system/post', content: '正在为您打开「岗位管理」。' });
    expect(await ask('打开角色管理')).toMatchObject({ command: 'open_menu', path: '/system/role' });
    expect(await ask('open posts')).toMatchObject({ command: 'open_menu', path: '/system/post', content: 'Opening Posts.' });
    expect(await ask('打开 gangweiguanli')).toMatchObject({ command: 'open_menu', path: '/system/post' });
    expect(await ask('进入jsgl')).toMatchObject({ command: 'open_menu', path: '/system/role' });
  });

  it('never opens a screen outside the caller menu', async () => {
    // The case worker has no 数据权限 screen.
    expect((await ask('打开数据权限', caseworker)).command).toBeUndefined();
    expect((await ask('打开数据权限')).command).toBe('open_menu');
  });

  it('answers how to do an action on a screen, and from the most relevant help', async () => {
    const exporting = await ask('岗位管理怎么导出');
    expect(exporting.command).toBeUndefined();
    expect(exporting.content).toContain('岗位管理');
    expect(exporting.content).toContain('导出');
    const reset = await ask('如何重置用户密码');
    expect(reset.content).toContain('密码重置');
    expect(reset.content).not.toBe((await ask('如何新增用户')).content);
  });

  it('says so when it does not know', async () => {
    expect((await ask('今天天气怎么样')).content).toContain('我不知道');
    expect((await ask('what is the weather like')).content).toContain('do not know');
  });
});
