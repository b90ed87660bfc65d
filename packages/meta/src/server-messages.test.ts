import { describe, expect, it } from 'vitest';
import { serverMessage } from './server-messages.ts';

describe('server messages', () => {
  it('answer Chinese as written, English from the catalogue, and keep what it does not know', () => {
    expect(serverMessage('用户名或密码错误', 'zh')).toBe('用户名或密码错误');
    expect(serverMessage('用户名或密码错误', 'en')).toBe('Wrong account or password');
    expect(serverMessage('原密码不正确!', 'en')).toBe('The current password is wrong');
    expect(serverMessage('密码须长度不少于8位、包含大写字母', 'en')).toBe(
      'The password must be at least 8 characters long, contain an upper-case letter',
    );
    expect(serverMessage('某个新消息', 'en')).toBe('某个新消息');
  });
});
