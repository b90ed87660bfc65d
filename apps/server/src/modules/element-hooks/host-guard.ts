import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { hostAllowed } from '../files/storage.ts';

/** A hook address the server will not call; the message says why (Chinese, shown to the user). */
export class HookRefused extends Error {}

const PARAM = 'matter.hook.allowedHosts';

// Addresses inside the machine or the local network. A hook may reach one only when that exact
// address or host name is on the allow-list (a wildcard entry never opens it).
const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  internal.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['ff00::', 8],
] as const)
  internal.addSubnet(net, bits, 'ipv6');

// Link-local addresses hold the clouds' instance-metadata services (169.254.169.254, fd00:ec2::254):
// never called, whatever the list says.
const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');
linkLocal.addAddress('fd00:ec2::254', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address: a, family: isIP(a) === 6 ? 'ipv6' : 'ipv4' };
}

const exactlyListed = (name: string, allowList: string) =>
  allowList
    .split(',')
    .map((x) =>
      x
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .includes(name.toLowerCase());

/** Throws when the server must not connect to `address` (reached through `host`). */
export function assertAddress(host: string, address: string, allowList: string): void {
  const a = plainAddress(address);
  if (linkLocal.check(a.address, a.family)) throw new HookRefused(`不允许调用链路本地或云元数据地址 ${a.address}`);
  if (internal.check(a.address, a.family) && !exactlyListed(host, allowList) && !exactlyListed(a.address, allowList))
    throw new HookRefused(`主机 ${host} 解析为内网或本机地址 ${a.address}, 须在参数 ${PARAM} 中单独列出`);
}

/**
 * The URL a hook may have: http(s), no credentials, its host on the allow-list. Checked when a
 * method is saved and again before every call (the list may have changed since).
 */
export function checkHookUrl(raw: string, allowList: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new HookRefused('方法地址格式不正确, 应为 http(s) 地址');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new HookRefused('方法地址只能是 http 或 https 地址');
  if (u.username || u.password) throw new HookRefused('方法地址不能包含用户名或密码');
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowList.trim()) throw new HookRefused(`未配置允许调用的主机(参数 ${PARAM}), 不能保存或调用流程方法`);
  if (!hostAllowed(host, allowList)) throw new HookRefused(`方法地址的主机 ${host} 不在允许列表中(参数 ${PARAM})`);
  if (isIP(host)) assertAddress(host, host, allowList);
  return u;
}

/**
 * A DNS lookup for the request itself: every address the name resolves to is checked, and the
 * connection uses the checked one, so a name cannot resolve to a public address for the check
 * and to an internal one for the call.
 */
export function guardedLookup(host: string, allowList: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      try {
        if (addresses.length === 0) throw new HookRefused(`主机 ${host} 无法解析`);
        for (const a of addresses) assertAddress(host, a.address, allowList);
      } catch (e) {
        return callback(e as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
