import type { Db } from '@civdesk/db';
import { FreshCache } from './fresh-cache.ts';

/** Parameters (blade_param) the sign-in code reads, with their defaults (contract §7). */
export const paramDefaults = {
  'account.initPassword': '123456',
  'account.failCount': '5',
  'account.ipFailCount': '20',
  /** Minutes without a call after which a session ends (the refresh check answers overMax). */
  'account.idleTimeout': '30',
  /** 'false' turns guest registration off. */
  'account.registerUser': 'true',
  /** Days API, error, usual, sign-in and front-end logs are kept. */
  'log.retentionDays': '180',
  /**
   * Hosts an object-storage setting may point the server at (`*.` matches subdomains): the
   * S3-compatible endpoints of the supported clouds and this machine, nothing in between.
   */
  'oss.allowedHosts': '127.0.0.1,localhost,*.aliyuncs.com,*.myqcloud.com,*.qiniucs.com,*.amazonaws.com',
} as const;

export type ParamKey = keyof typeof paramDefaults;

/** Reads parameters, cached for a second per server copy (they change rarely; every request may read one). */
export class ParamStore {
  private cache = new FreshCache<string>(1000);

  constructor(private db: Db) {}

  get(key: ParamKey): Promise<string> {
    return this.cache.get(key, () => this.read(key));
  }

  private async read(key: ParamKey): Promise<string> {
    const [row] = await this.db.query<{ v: string }>('select param_value as v from blade_param where param_key = $1 and is_deleted = 0', [
      key,
    ]);
    return row?.v?.trim() || paramDefaults[key];
  }

  /** A positive whole number, falling back to the default when the stored value is not one. */
  async int(key: ParamKey): Promise<number> {
    const v = Number(await this.get(key));
    return Number.isSafeInteger(v) && v > 0 ? v : Number(paramDefaults[key]);
  }

  forget(): void {
    this.cache.clear();
  }
}
