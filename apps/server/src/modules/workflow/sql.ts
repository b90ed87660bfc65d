// Times in SQL: shown in the product's time zone.

/** A time zone name as SQL text (names are checked when the configuration is read; checked again here). */
export function zone(tz: string): string {
  if (!/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(tz)) throw new Error(`not a time zone name: ${tz}`);
  return `'${tz}'`;
}

/** A timestamp as `yyyy-MM-dd HH:mm:ss` in the product's time zone. */
export const fmt = (col: string, tz: string) => `to_char(${col} at time zone ${zone(tz)}, 'YYYY-MM-DD HH24:MI:SS')`;
