/**
 * Text as a column stores it: NULs removed (PostgreSQL refuses them), a lone UTF-16 surrogate
 * replaced by U+FFFD (JSON and UTF-8 cannot carry it), and cut to at most `max` characters counted
 * as code points — `varchar(n)` counts them so — never inside a surrogate pair.
 */
export function clipText(value: unknown, max: number): string {
  const s = wellFormed(String(value ?? '').replaceAll('\u0000', ''));
  if (s.length <= max) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ === max) break;
    out += ch;
  }
  return out;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string with every lone surrogate replaced by U+FFFD. */
export const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD');
