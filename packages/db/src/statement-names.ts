/**
 * Which statements go to the database as named (prepared) statements. A named statement is parsed
 * and planned once per connection; after five runs PostgreSQL may keep a generic plan and skip
 * planning altogether (the JDBC driver the BladeX family runs on does the same by default). For
 * the API-log list that nearly halved PostgreSQL's CPU per request and took a third off PGlite's
 * time (docs/performance.md).
 *
 * A statement is named on its second use, so one-off texts never are, and at most `max` texts are
 * ever named, so every connection's cache of prepared statements stays bounded; beyond that,
 * statements run unnamed, as before. Only statements with parameters qualify: without them the
 * driver uses the simple protocol, which also runs several statements in one text (migrations).
 */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(
    readonly max = 256,
    /** How many texts used once are remembered; past it the list starts again. */
    readonly seenMax = 4096,
  ) {}

  get size() {
    return this.named.size;
  }

  /** The name to run this text under, or undefined to run it unnamed. */
  nameOf(sql: string, params: readonly unknown[] | undefined): string | undefined {
    if (!params?.length) return undefined;
    const known = this.named.get(sql);
    if (known || this.named.size >= this.max) return known;
    if (!this.seen.has(sql)) {
      if (this.seen.size >= this.seenMax) this.seen.clear();
      this.seen.add(sql);
      return undefined;
    }
    this.seen.delete(sql);
    const name = `civdesk_${this.named.size + 1}`;
    this.named.set(sql, name);
    return name;
  }
}
