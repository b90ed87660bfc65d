// Parameters (blade_param) the product reads, with their names and defaults. Every start adds the
// ones a database lacks (seed/reference.ts); a value an administrator set is never changed. The
// server's parameter store falls back to `paramDefaults` when a value is missing or blank.

export type ParamDecl = { name: string; value: string };

export const parameters = {
  'account.initPassword': { name: '账号初始密码', value: '123456' },
  /** Failures of one account from one address after which each try waits 1, 2, 4 … 30 minutes. */
  'account.failCount': { name: '同一账号同一地址登录失败延迟次数', value: '5' },
  /** Failures of one account from one address after which a captcha is asked for. */
  'account.captchaAfter': { name: '登录失败几次后需要验证码', value: '3' },
  /** Failures of one account from all addresses that lock it (administrator or phone code unlocks). */
  'account.lockCount': { name: '账号登录失败锁定次数', value: '50' },
  'account.ipFailCount': { name: '同一地址登录失败锁定次数', value: '20' },
  /** Captchas one address may ask for within five minutes (a 429 beyond). */
  'account.captchaIpLimit': { name: '同一地址每5分钟验证码次数', value: '60' },
  /** Minutes without a call after which a session ends (the refresh check answers overMax). */
  'account.idleTimeout': { name: '无操作超时（分钟）', value: '30' },
  /** Days a session lasts from its sign-in, however often it is refreshed (then a new sign-in). */
  'account.sessionMaxDays': { name: '会话最长有效期（天）', value: '7' },
  /** 'false' turns guest registration off. */
  'account.registerUser': { name: '允许访客注册', value: 'true' },
  /** Tenants open to guest registration: codes, comma-separated, or `*` for every tenant (never the platform's). */
  'account.registerTenants': { name: '开放访客注册的租户（逗号分隔，* 为全部）', value: '*' },
  /** Days API, error, usual, sign-in and front-end logs are kept. */
  'log.retentionDays': { name: '日志保留天数', value: '180' },
  /**
   * Hosts an object-storage setting may point the server at (`*.` matches subdomains): the
   * S3-compatible endpoints of the supported clouds and this machine, nothing in between.
   */
  'oss.allowedHosts': {
    name: '对象存储允许的主机（逗号分隔，*.域名 含子域名）',
    value: '127.0.0.1,localhost,*.aliyuncs.com,*.myqcloud.com,*.qiniucs.com,*.amazonaws.com',
  },
  /** Hosts a data source's connection test may reach. */
  'datasource.allowedHosts': { name: '数据源测试允许的主机（逗号分隔）', value: '127.0.0.1,localhost' },
  /**
   * Hosts a step hook (matWfElementMethod) may call, comma-separated (`*.` matches subdomains).
   * Empty: no hook is saved or called. A private or loopback address must be listed as itself.
   */
  'matter.hook.allowedHosts': { name: '流程方法允许调用的主机（逗号分隔，*.域名 含子域名）', value: '' },
  /** Milliseconds a step hook may take before it counts as failed. */
  'matter.hook.timeoutMs': { name: '流程方法调用超时（毫秒）', value: '5000' },
  /** A related-site link of the sign-in page (keys DW_RELATED_SITE*): `name{url}`. */
  DW_RELATED_SITE_MCA: { name: '相关网站：民政部', value: '民政部{https://www.mca.gov.cn}' },
} as const satisfies Record<string, ParamDecl>;

export type ParamKey = keyof typeof parameters;

/** Key → default value. */
export const paramDefaults = Object.fromEntries(Object.entries(parameters).map(([k, p]) => [k, p.value])) as Record<ParamKey, string>;
