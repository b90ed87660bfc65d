import mysql from 'mysql2/promise';
import pg from 'pg';

export type Target = { kind: 'postgresql' | 'mysql'; host: string; port: number; database: string };

export class ConnectionTestError extends Error {}

/** The host, port and database of a JDBC (or plain) URL; only PostgreSQL and MySQL can be tested. */
export function parseTarget(url: string): Target {
  const plain = url.replace(/^jdbc:/, '');
  let u: URL;
  try {
    u = new URL(plain);
  } catch {
    throw new ConnectionTestError('连接地址格式不正确');
  }
  const scheme = u.protocol.replace(/:$/, '');
  const kind =
    scheme === 'postgresql' || scheme === 'postgres' ? 'postgresql' : scheme === 'mysql' || scheme === 'mariadb' ? 'mysql' : null;
  if (!kind) throw new ConnectionTestError('暂只支持测试 PostgreSQL 和 MySQL 数据源');
  if (!u.hostname) throw new ConnectionTestError('连接地址缺少主机');
  const port = Number(u.port || (kind === 'postgresql' ? 5432 : 3306));
  return { kind, host: u.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port, database: decodeURIComponent(u.pathname.slice(1)) };
}

/** Hosts the test may reach: exactly those listed (the allow-list keeps it from probing the network). */
export function assertAllowed(t: Target, allowList: string) {
  const allowed = allowList
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!allowed.includes(t.host)) throw new ConnectionTestError(`数据源主机 ${t.host} 不在允许列表中(参数 datasource.allowedHosts)`);
}

const TIMEOUT_MS = 5000;

/** Really connects and runs `select 1`; any failure is reported with the driver's reason. */
export async function testConnection(t: Target, user: string, password: string): Promise<void> {
  try {
    if (t.kind === 'postgresql') {
      const c = new pg.Client({
        host: t.host,
        port: t.port,
        database: t.database || undefined,
        user,
        password,
        connectionTimeoutMillis: TIMEOUT_MS,
      });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.query('select 1');
      } finally {
        await c.end().catch(() => {});
      }
    } else {
      const c = await mysql.createConnection({
        host: t.host,
        port: t.port,
        database: t.database || undefined,
        user,
        password,
        connectTimeout: TIMEOUT_MS,
      });
      try {
        await c.query('select 1');
      } finally {
        await c.end().catch(() => {});
      }
    }
  } catch (e) {
    throw new ConnectionTestError(`连接失败: ${(e as Error).message}`);
  }
}
