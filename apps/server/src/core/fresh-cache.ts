/**
 * A per-copy cache for what every request reads (sessions, grants, parameters), trusted for `ttlMs`
 * after it was read. Two things keep it from bursting the database under load:
 * - one load per key at a time: requests that miss together share it, instead of each sending the
 *   same query when a value expires while dozens of requests are in flight;
 * - a value past half its life is read again in the background while it is still served, so under
 *   steady traffic requests never wait for a reload.
 * A value is never served older than `ttlMs` (counted from when its read started), so a change made
 * elsewhere reaches this copy within it, as before; `delete`/`clear` apply at once, and a load that
 * was under way when they ran does not put its (older) value back.
 */
export class FreshCache<V> {
  private entries = new Map<string, { at: number; value: V }>();
  private loading = new Map<string, Promise<V>>();

  constructor(
    private ttlMs: number,
    private maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      if (now - hit.at >= this.ttlMs / 2 && !this.loading.has(key)) this.reload(key, load).catch(() => {});
      return Promise.resolve(hit.value);
    }
    return this.loading.get(key) ?? this.reload(key, load);
  }

  private reload(key: string, load: () => Promise<V>): Promise<V> {
    const started = Date.now();
    const p: Promise<V> = load().then(
      (value) => {
        if (this.loading.get(key) === p) {
          this.loading.delete(key);
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { at: started, value });
        }
        return value;
      },
      (e) => {
        if (this.loading.get(key) === p) this.loading.delete(key);
        throw e;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }
}
