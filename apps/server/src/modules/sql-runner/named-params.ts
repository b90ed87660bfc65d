import { badRequest } from '../../core/envelope.ts';

/** A statement with `:name` parameters turned into `$n`, and the names in the order of their numbers. */
export type Numbered = { text: string; names: string[] };

/**
 * Turns `:name` parameters into `$1`, `$2` … (one number per distinct name), leaving quoted text,
 * quoted identifiers, dollar-quoted bodies, comments and `::type` casts as they are. A statement
 * that writes `$1` itself is refused: values only come in through names the caller binds.
 */
export function numberParams(sql: string): Numbered {
  const names: string[] = [];
  let out = '';
  let i = 0;
  const n = sql.length;
  const copyUntil = (end: number) => {
    out += sql.slice(i, end);
    i = end;
  };
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n) {
        if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      copyUntil(Math.min(j + 1, n));
    } else if (c === '-' && next === '-') {
      const j = sql.indexOf('\n', i);
      copyUntil(j < 0 ? n : j);
    } else if (c === '/' && next === '*') {
      const j = sql.indexOf('*/', i + 2);
      copyUntil(j < 0 ? n : j + 2);
    } else if (c === '$' && /[0-9]/.test(next ?? '')) {
      throw badRequest('SQL中请使用 :参数名 形式的参数，不能使用 $1 形式');
    } else if (c === '$') {
      // A dollar-quoted body: $tag$ … $tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (!tag) {
        copyUntil(i + 1);
        continue;
      }
      const j = sql.indexOf(tag, i + tag.length);
      copyUntil(j < 0 ? n : j + tag.length);
    } else if (c === ':' && next === ':') {
      copyUntil(i + 2);
    } else if (c === ':' && /[A-Za-z_]/.test(next ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))?.[0] as string;
      let k = names.indexOf(name);
      if (k < 0) k = names.push(name) - 1;
      out += `$${k + 1}`;
      i += 1 + name.length;
    } else {
      copyUntil(i + 1);
    }
  }
  return { text: out, names };
}
