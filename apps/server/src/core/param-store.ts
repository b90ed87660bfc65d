import type { Db, Queryable } from '@civdesk/db';
import { type ParamKey as DeclaredParam, param, paramDefaults } from '@civdesk/resources';
import { FreshCache } from './fresh-cache.ts';
import { sqlOf } from './table-sql.ts';

const P = sqlOf(param);

/** Parameters read but not stored by a new install, with the value used when none is stored. */
const unseeded = {
  /** 'true': a client on another version must reload at once (otherwise the user is asked). */
  'upgrade.must': 'false',
  /** 'false': `upgrade/enabledclearbtn` tells clients to hide their "clear cache" button. */
  'upgrade.clearCacheButton': 'true',
} as const;

// The declared parameters (beside the definitions) and their defaults, used when none is stored.
const defaults: Record<ParamKey, string> = { ...paramDefaults, ...unseeded };

export type ParamKey = DeclaredParam | keyof typeof unseeded;

/** Reads parameters, cached for a second per server copy (they change rarely; every request may read one). */
export class ParamStore {
  private cache = new FreshCache<string>(1000);
  private lists = new FreshCache<[string, string][]>(1000);

  constructor(private db: Db) {}

  /**
   * A parameter's value. Inside a transaction pass it as `q`: the value is then read through it,
   * uncached (on the embedded database a statement from outside waits for the transaction to end).
   */
  get(key: ParamKey, q?: Queryable): Promise<string> {
    if (q) return this.read(key, q);
    return this.cache.get(key, () => this.read(key, this.db));
  }

  private async read(key: ParamKey, q: Queryable): Promise<string> {
    const [row] = await q.query<{ v: string }>(`select ${P.c.paramValue} as v from ${P.table} where ${P.c.paramKey} = $1 and ${P.live()}`, [
      key,
    ]);
    return row?.v?.trim() || defaults[key];
  }

  /** Every parameter whose key starts with `prefix` (a family of links…), as [key, value] in key order. */
  byPrefix(prefix: string): Promise<[string, string][]> {
    return this.lists.get(prefix, async () => {
      const rows = await this.db.query<{ k: string; v: string | null }>(
        `select ${P.c.paramKey} as k, ${P.c.paramValue} as v from ${P.table}
          where starts_with(${P.c.paramKey}, $1) and ${P.live()} order by ${P.c.paramKey}`,
        [prefix],
      );
      return rows.map((r) => [r.k, r.v ?? '']);
    });
  }

  /** A positive whole number, falling back to the default when the stored value is not one. */
  async int(key: ParamKey): Promise<number> {
    const v = Number(await this.get(key));
    return Number.isSafeInteger(v) && v > 0 ? v : Number(defaults[key]);
  }

  forget(): void {
    this.cache.clear();
    this.lists.clear();
  }
}
