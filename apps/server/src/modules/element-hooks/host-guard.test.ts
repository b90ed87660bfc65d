import { describe, expect, it } from 'vitest';
import { assertAddress, checkHookUrl, HookRefused } from './host-guard.ts';

describe('checkHookUrl (matter.hook.allowedHosts)', () => {
  it('refuses everything while the list is empty', () => {
    expect(() => checkHookUrl('https://hooks.example.gov.cn/a', '')).toThrow(/未配置允许调用的主机/);
  });

  it('takes http(s) URLs of listed hosts, wildcards matching subdomains', () => {
    expect(checkHookUrl('https://hooks.example.gov.cn/a?x=1', '*.example.gov.cn').hostname).toBe('hooks.example.gov.cn');
    expect(() => checkHookUrl('https://evil.com/a', '*.example.gov.cn')).toThrow(/不在允许列表中/);
    expect(() => checkHookUrl('https://example.gov.cn.evil.com/', '*.example.gov.cn')).toThrow(HookRefused);
  });

  it('refuses other schemes, credentials and malformed addresses', () => {
    expect(() => checkHookUrl('file:///etc/passwd', 'x')).toThrow(/只能是 http 或 https/);
    expect(() => checkHookUrl('ftp://a.example/', 'a.example')).toThrow(HookRefused);
    expect(() => checkHookUrl('http://u:p@a.example/', 'a.example')).toThrow(/用户名或密码/);
    expect(() => checkHookUrl('not a url', 'a.example')).toThrow(/格式不正确/);
  });

  it('takes a loopback or private address only when listed as itself', () => {
    expect(checkHookUrl('http://127.0.0.1:8080/h', '127.0.0.1').port).toBe('8080');
    expect(() => checkHookUrl('http://127.0.0.1/h', 'localhost')).toThrow(/不在允许列表中/);
    expect(() => checkHookUrl('http://[::1]/h', '::1')).not.toThrow();
    expect(() => checkHookUrl('http://10.1.2.3/h', '10.1.2.3')).not.toThrow();
  });

  it('never calls link-local or cloud metadata addresses, listed or not', () => {
    expect(() => checkHookUrl('http://169.254.169.254/latest/meta-data', '169.254.169.254')).toThrow(/云元数据/);
    expect(() => checkHookUrl('http://[fd00:ec2::254]/', 'fd00:ec2::254')).toThrow(/云元数据/);
    expect(() => checkHookUrl('http://[fe80::1]/', 'fe80::1')).toThrow(HookRefused);
  });
});

describe('assertAddress (what a listed name resolves to)', () => {
  it('refuses a wildcard-listed name resolving inside, unless the name or address is listed as itself', () => {
    expect(() => assertAddress('hooks.corp.example', '10.0.0.5', '*.corp.example')).toThrow(/内网或本机地址 10.0.0.5/);
    expect(() => assertAddress('hooks.corp.example', '127.0.0.1', '*.corp.example')).toThrow(HookRefused);
    expect(() => assertAddress('hooks.corp.example', '::ffff:192.168.1.9', '*.corp.example')).toThrow(/192.168.1.9/);
    expect(() => assertAddress('hooks.corp.example', '10.0.0.5', 'hooks.corp.example')).not.toThrow();
    expect(() => assertAddress('hooks.corp.example', '10.0.0.5', '*.corp.example,10.0.0.5')).not.toThrow();
    expect(() => assertAddress('hooks.corp.example', '169.254.169.254', 'hooks.corp.example')).toThrow(/云元数据/);
    expect(() => assertAddress('hooks.corp.example', '203.0.113.7', '*.corp.example')).not.toThrow();
  });
});
