// How a step's writes become one statement: data-modifying CTEs, each part's rows sent as one JSON
// parameter and read back with jsonb_to_recordset.

/** A column of a written table: its name, its SQL type and where a row's value comes from. */
export type Col<T> = [column: string, type: string, value: (row: T) => unknown];

export const recordset = <T>(cols: Col<T>[], param: string) =>
  `jsonb_to_recordset(${param}::jsonb) as x(${cols.map(([c, t]) => `${c} ${t}`).join(', ')})`;
export const payload = <T>(cols: Col<T>[], rows: T[]) =>
  JSON.stringify(rows.map((r) => Object.fromEntries(cols.map(([c, , v]) => [c, v(r)]))));

/** One statement made of data-modifying CTEs, its parameters numbered across them. */
export class Batch {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];
  /** The placeholder of a new parameter. */
  p(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  add(sql: string, name = `w${this.parts.length}`) {
    this.parts.push(`${name} as (${sql})`);
  }
  get empty() {
    return this.parts.length === 0;
  }
  sql(select: string) {
    return `with ${this.parts.join(',\n')}\n${select}`;
  }
}
