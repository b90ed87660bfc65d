import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Named (prepared) statements for repeated queries; off behind a pooler that cannot keep them. */
  prepareStatements: boolean;
  /** Time zone dates are shown and read in (yyyy-MM-dd HH:mm:ss carries none). */
  timeZone: string;
  production: boolean;
  /** Captcha on by default; off lets automated clients sign in with grant password. */
  captchaMode: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  /** Seed demo accounts (never in production). */
  demo: boolean;
  /** Seed towns and streets too (level 4, ≈41 000 rows, ≈10 s on first start): role areas use them. */
  seedTowns: boolean;
  webDist: string;
  logLevel: string;
  /** Token signing key from JWT_SECRET (else generated per install and kept in the database). */
  jwtSecret?: string;
  /** Trust X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** How often this copy looks for due workflow timers (ms; 0: never, a test fires them itself). */
  workflowPollMs: number;
  /** Other origins whose pages may make state-changing calls (ALLOWED_ORIGINS, comma-separated); the server's own always may. */
  allowedOrigins: string[];
  /** Per-user limits on API calls (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_CONCURRENT; 0: none; none by default under test). */
  rateLimits: { perMinute: number; concurrent: number };
  /**
   * The optional HTTPS listener that asks browsers for a client certificate (digital-certificate
   * sign-in): TLS_PORT, TLS_CERT_FILE, TLS_KEY_FILE (PEM). Absent: no such listener.
   */
  tls?: { port: number; certFile: string; keyFile: string };
  /** The header a trusted reverse proxy passes the verified client certificate in (TLS_CLIENT_CERT_HEADER). */
  certHeader: string;
  /**
   * Direct peers whose certificate header is believed: the addresses or CIDR ranges TRUST_PROXY
   * lists, or the loopback addresses when it is just on. Empty when TRUST_PROXY is off.
   */
  certProxies: string[];
};

const LOOPBACK = ['127.0.0.1', '::1'];

/** TRUST_PROXY is either a switch or a list of the proxies' addresses (which also turns it on). */
function proxiesOf(v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (list.length === 1 && /^(1|true|on|yes|0|false|off|no)$/i.test(list[0])) return flag(list[0], false) ? LOOPBACK : [];
  return list;
}

function tlsOf(env: NodeJS.ProcessEnv): Config['tls'] {
  if (!env.TLS_PORT && !env.TLS_CERT_FILE && !env.TLS_KEY_FILE) return undefined;
  if (!env.TLS_PORT || !env.TLS_CERT_FILE || !env.TLS_KEY_FILE) throw new Error('TLS_PORT, TLS_CERT_FILE and TLS_KEY_FILE go together');
  return { port: Number(env.TLS_PORT), certFile: resolve(env.TLS_CERT_FILE), keyFile: resolve(env.TLS_KEY_FILE) };
}

const flag = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : !/^(0|false|off|no)$/i.test(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const timeZone = env.APP_TIME_ZONE || 'Asia/Shanghai';
  if (!/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(timeZone)) throw new Error(`APP_TIME_ZONE is not a time zone name: ${timeZone}`);
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    prepareStatements: flag(env.DATABASE_PREPARE, true),
    timeZone,
    production,
    captchaMode: flag(env.CAPTCHA_MODE, true),
    tenantMode: flag(env.TENANT_MODE, true),
    switchMode: flag(env.SWITCH_MODE, false),
    demo: !production && flag(env.DEMO_DATA, true),
    seedTowns: flag(env.SEED_TOWNS, true),
    webDist: resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: flag(env.TRUST_PROXY, false),
    tls: tlsOf(env),
    certHeader: (env.TLS_CLIENT_CERT_HEADER || 'x-ssl-client-cert').toLowerCase(),
    certProxies: proxiesOf(env.TRUST_PROXY),
    rateLimits: {
      perMinute: Number(env.RATE_LIMIT_PER_MINUTE || (env.NODE_ENV === 'test' ? 0 : 1200)),
      concurrent: Number(env.RATE_LIMIT_CONCURRENT || (env.NODE_ENV === 'test' ? 0 : 32)),
    },
    workflowPollMs: Number(env.WORKFLOW_POLL_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000)) || 0,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  };
}
