import { describe, expect, it } from 'vitest';
import { hostAllowed } from './storage.ts';

describe('hostAllowed (oss.allowedHosts)', () => {
  const list = '127.0.0.1, localhost,*.aliyuncs.com';
  it('takes exact hosts and subdomains of a *. entry, ignoring case', () => {
    expect(hostAllowed('127.0.0.1', list)).toBe(true);
    expect(hostAllowed('LOCALHOST', list)).toBe(true);
    expect(hostAllowed('oss-cn-hangzhou.aliyuncs.com', list)).toBe(true);
  });
  it('refuses everything else, including look-alikes and the bare parent of a *. entry', () => {
    expect(hostAllowed('10.0.0.5', list)).toBe(false);
    expect(hostAllowed('aliyuncs.com', list)).toBe(false);
    expect(hostAllowed('evilaliyuncs.com', list)).toBe(false);
    expect(hostAllowed('aliyuncs.com.evil.org', list)).toBe(false);
    expect(hostAllowed('localhost', '')).toBe(false);
  });
});
