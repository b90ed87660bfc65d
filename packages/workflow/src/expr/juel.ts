// JUEL text as Flowable, Camunda and Activiti files write it: `${...}` or `#{...}` pieces inside
// literal text, and word operators (eq, and, empty, ...). This file finds the pieces and rewrites
// the word operators into the C-like syntax the parser reads, leaving string literals untouched.

export type Segment = { kind: 'text'; value: string } | { kind: 'expr'; source: string };

/** Splits `a ${x} b` into text and expression pieces; throws on an unterminated `${`. */
export function splitTemplate(text: string): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let textStart = 0;
  while (i < text.length) {
    const c = text[i];
    if ((c === '$' || c === '#') && text[i + 1] === '{') {
      const end = findClose(text, i + 2);
      if (end < 0) throw new SyntaxError(`未闭合的表达式: ${text}`);
      if (i > textStart) out.push({ kind: 'text', value: text.slice(textStart, i) });
      out.push({ kind: 'expr', source: text.slice(i + 2, end) });
      i = end + 1;
      textStart = i;
      continue;
    }
    // JUEL escapes a literal `${` as `\${`.
    if (c === '\\' && (text[i + 1] === '$' || text[i + 1] === '#') && text[i + 2] === '{') {
      if (i > textStart) out.push({ kind: 'text', value: text.slice(textStart, i) });
      textStart = i + 1;
      i += 3;
      continue;
    }
    i++;
  }
  if (textStart < text.length) out.push({ kind: 'text', value: text.slice(textStart) });
  return mergeText(out);
}

function mergeText(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (s.kind === 'text' && last?.kind === 'text') last.value += s.value;
    else out.push(s);
  }
  return out;
}

/** Index of the `}` closing an expression that starts at `from`, skipping string literals and nested braces. */
function findClose(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      i = skipString(text, i);
      if (i < 0) return -1;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Returns the index of the closing quote of the string literal starting at `start`, or -1. */
function skipString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

const WORD_OPERATORS: Record<string, string> = {
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  and: '&&',
  or: '||',
  not: '!',
  div: '/',
  mod: '%',
  // JUEL's `empty` has no C-like spelling; `~` (absent from JUEL, refused in sources) stands for it.
  empty: '~',
};

const WORD = /[\p{L}\p{N}_$]/u;

/** Rewrites JUEL word operators; refuses the few JUEL forms the evaluator does not support. */
export function translateJuel(source: string): string {
  let out = '';
  let lastSignificant = '';
  for (let i = 0; i < source.length; ) {
    const c = source[i];
    if (c === "'" || c === '"') {
      const end = skipString(source, i);
      if (end < 0) throw new SyntaxError(`未闭合的字符串: ${source}`);
      out += source.slice(i, end + 1);
      lastSignificant = c;
      i = end + 1;
      continue;
    }
    if (c === '~') throw new SyntaxError('不支持的运算符 ~');
    if (WORD.test(c)) {
      let j = i + 1;
      while (j < source.length && WORD.test(source[j])) j++;
      const word = source.slice(i, j);
      if (word === 'instanceof') throw new SyntaxError('不支持的运算符 instanceof');
      const op = lastSignificant === '.' ? undefined : WORD_OPERATORS[word];
      // Spaces around a rewritten operator keep `a and b` from fusing into `a&&b` oddities like `!=`.
      out += op === undefined ? word : ` ${op} `;
      lastSignificant = word;
      i = j;
      continue;
    }
    if (c.trim() !== '') lastSignificant = c;
    out += c;
    i++;
  }
  return out;
}
