// Expressions as the engine uses them: compiled once per source text (cached), evaluated against a
// variable lookup, failures reported with the element they belong to.
import { ExpressionError } from '../errors.ts';
import { type Compiled, compileAst, type ExpressionFunctions, type Lookup, MISSING, toBoolean } from './evaluate.ts';
import { splitTemplate, translateJuel } from './juel.ts';

export type { ExpressionFunctions, Lookup };
export { MISSING };

export interface Expression {
  readonly source: string;
  /** True when the text has no `${}`: evaluate returns the text itself. */
  readonly constant: boolean;
  evaluate(lookup: Lookup): unknown;
}

const CACHE_LIMIT = 5000;
const plainCache = new Map<string, Compiled>();
const cacheByFunctions = new WeakMap<ExpressionFunctions, Map<string, Compiled>>();

/** Compiles JUEL text; `owner` names the flow, task or event in errors. Throws ExpressionError. */
export function compileExpression(text: string, owner: string, functions?: ExpressionFunctions): Expression {
  const source = text.trim();
  let inner: Compiled;
  try {
    inner = cached(source, functions);
  } catch (e) {
    throw new ExpressionError(`表达式 ${source} 无法解析 (${owner}): ${(e as Error).message}`, source, owner);
  }
  const constant = !/[$#]\{/.test(source);
  return {
    source,
    constant,
    evaluate(lookup) {
      try {
        return inner(lookup);
      } catch (e) {
        throw new ExpressionError(`表达式 ${source} 求值失败 (${owner}): ${(e as Error).message}`, source, owner);
      }
    },
  };
}

/** A condition: the result must be a boolean (or the strings true/false). */
export function evaluateCondition(expr: Expression, lookup: Lookup, owner: string): boolean {
  const value = expr.evaluate(lookup);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return toBoolean(value);
  throw new ExpressionError(`条件表达式 ${expr.source} 的结果不是布尔值 (${owner})`, expr.source, owner);
}

function cached(source: string, functions: ExpressionFunctions | undefined): Compiled {
  let cache = plainCache;
  if (functions) {
    cache = cacheByFunctions.get(functions) ?? new Map();
    cacheByFunctions.set(functions, cache);
  }
  let hit = cache.get(source);
  if (!hit) {
    hit = compileTemplate(source, functions);
    // Bounded: many deployments over a server's life must not grow it without end.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(source, hit);
  }
  return hit;
}

function compileTemplate(source: string, functions: ExpressionFunctions | undefined): Compiled {
  const segments = splitTemplate(source);
  if (segments.length === 0) return () => '';
  const parts = segments.map((s): Compiled => {
    if (s.kind === 'text') return () => s.value;
    if (s.source.trim() === '') throw new SyntaxError('空表达式');
    return compileAst(translateJuel(s.source), functions);
  });
  // A single `${...}` keeps its value's type; mixed text becomes a string, as in JUEL.
  if (parts.length === 1) return parts[0];
  return (lookup) => parts.map((p) => stringify(p(lookup))).join('');
}

function stringify(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** A lookup over plain objects, first match wins. */
export function lookupOf(...layers: (Readonly<Record<string, unknown>> | null | undefined)[]): Lookup {
  return (name) => {
    for (const layer of layers) if (layer && Object.hasOwn(layer, name)) return layer[name];
    return MISSING;
  };
}
