import { BlockList, isIPv4 } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { certBinding, certCa } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { PLATFORM_TENANT } from '../../../core/caller.ts';
import type { AppContext } from '../../../core/context.ts';
import { sqlOf } from '../../../core/table-sql.ts';
import { checkTenant, GrantError, loadUser } from '../issue.ts';
import { normalSerial, parseCertificate, parseCrl, type X509Certificate } from '../x509.ts';
import { checkLocks, completeSignIn, countFailure, type Grant, refuse, tenantOf } from './common.ts';

const CA = sqlOf(certCa);
const B = sqlOf(certBinding);
export const CERT_METHOD = '数字证书登录';
const ENABLED = 2;

/** Direct peers allowed to pass a certificate header (TRUST_PROXY's addresses), built once per configuration. */
const proxyLists = new WeakMap<Config, BlockList>();
function proxies(config: Config): BlockList {
  let list = proxyLists.get(config);
  if (!list) {
    list = new BlockList();
    for (const entry of config.certProxies) {
      const [addr, bits] = entry.split('/');
      const type = isIPv4(addr) ? 'ipv4' : 'ipv6';
      try {
        if (bits) list.addSubnet(addr, Number(bits), type);
        else list.addAddress(addr, type);
      } catch {
        // not an address: trusts nobody
      }
    }
    proxyLists.set(config, list);
  }
  return list;
}

function trustedPeer(config: Config, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return proxies(config).check(v4, isIPv4(v4) ? 'ipv4' : 'ipv6');
}

type Presented = { cert: X509Certificate } | { refusal: string } | null;

/**
 * The client certificate of a request: the one the TLS handshake of this server's own HTTPS
 * listener verified the possession of, else the one a trusted reverse proxy passes in its header.
 * A header from any other peer is refused, not ignored, so a misconfigured proxy shows at once.
 */
export function presentedCertificate(req: FastifyRequest, config: Config): Presented {
  const socket = req.raw.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate === 'function') {
    const raw = socket.getPeerCertificate(false)?.raw;
    if (raw?.length) {
      const cert = parseCertificate(raw);
      return cert ? { cert } : { refusal: '证书格式不正确' };
    }
  }
  const value = req.headers[config.certHeader];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text?.trim() || text.trim() === '(null)') return null;
  if (!trustedPeer(config, socket.remoteAddress)) return { refusal: '证书请求头不是来自受信任的代理' };
  const cert = parseCertificate(text);
  return cert ? { cert } : { refusal: '证书格式不正确' };
}

/** Why a certificate may not sign in to a tenant (untrusted, not yet or no longer valid, revoked), or null. */
export async function certificateProblem(ctx: AppContext, tenantId: string, cert: X509Certificate): Promise<string | null> {
  const cas = await ctx.db.query<{ certificate: string; crl: string | null }>(
    `select ${CA.c.certificate} as certificate, ${CA.c.crl} as crl from ${CA.table}
      where ${CA.live('$1')} and ${CA.c.enabled} = ${ENABLED} and ${CA.c.subject} = $2`,
    [tenantId, cert.issuer],
  );
  let issuer: { ca: X509Certificate; crl: string | null } | null = null;
  for (const row of cas) {
    const ca = parseCertificate(row.certificate);
    if (ca && (await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false))) {
      issuer = { ca, crl: row.crl };
      break;
    }
  }
  if (!issuer) return '证书不受信任';
  const now = Date.now();
  if (cert.notBefore.getTime() > now) return '证书尚未生效';
  if (cert.notAfter.getTime() < now) return '证书已过期';
  if (issuer.ca.notAfter.getTime() < now) return '证书颁发机构的证书已过期';
  const crl = issuer.crl?.trim() ? parseCrl(issuer.crl) : null;
  // The list was checked against the CA when it was saved; it is checked again, as the CA may have changed.
  if (crl && (await crl.verify({ publicKey: issuer.ca.publicKey }).catch(() => false)) && crl.findRevoked(cert)) return '证书已被吊销';
  return null;
}

/** The user a certificate is bound to in a tenant: every part the binding names must match; two users, none. */
async function boundUser(ctx: AppContext, tenantId: string, cert: X509Certificate): Promise<string | null | 'many'> {
  const rows = await ctx.db.query<{ userId: string }>(
    `select distinct ${B.c.userId}::text as "userId" from ${B.table}
      where ${B.live('$1')} and ${B.c.issuer} = $2
        and (${B.c.serialNumber} is null or ${B.c.serialNumber} = '' or ${B.c.serialNumber} = $3)
        and (${B.c.subject} is null or ${B.c.subject} = '' or ${B.c.subject} = $4)
        and (coalesce(${B.c.serialNumber}, '') <> '' or coalesce(${B.c.subject}, '') <> '')
      limit 2`,
    [tenantId, cert.issuer, normalSerial(cert.serialNumber), cert.subject],
  );
  if (rows.length > 1) return 'many';
  return rows[0]?.userId ?? null;
}

/**
 * Grant `certificate`: the client certificate of the request (see presentedCertificate) must be
 * issued by one of the tenant's enabled CAs, valid now, not on that CA's revocation list, and bound
 * to exactly one account of the tenant. Refusals count against the address like wrong passwords.
 */
export const certificateGrant: Grant = async (g) => {
  const { ctx, req, p } = g;
  const tenantId = tenantOf(req, p, PLATFORM_TENANT);
  await checkLocks(g, CERT_METHOD, tenantId, null);
  const fail = async (message: string, account?: string) => {
    await countFailure(g, tenantId, account ?? null);
    return refuse(g, CERT_METHOD, { tenantId, account, message });
  };
  const presented = presentedCertificate(req, ctx.config);
  if (!presented) return refuse(g, CERT_METHOD, { tenantId, message: '未提供客户端证书，请插入证书介质后重试' });
  if ('refusal' in presented) return fail(presented.refusal);
  try {
    await checkTenant(ctx.db, tenantId);
  } catch (e) {
    if (e instanceof GrantError) return refuse(g, CERT_METHOD, { tenantId, message: e.message });
    throw e;
  }
  const problem = await certificateProblem(ctx, tenantId, presented.cert);
  if (problem) return fail(problem);
  const userId = await boundUser(ctx, tenantId, presented.cert);
  if (userId === 'many') return fail('该证书绑定了多个账号，请联系管理员');
  const u = userId ? await loadUser(ctx.db, tenantId, { id: userId }) : null;
  if (!u) return fail('证书未绑定账号');
  await checkLocks(g, CERT_METHOD, tenantId, u.account);
  return completeSignIn(g, u, CERT_METHOD);
};
