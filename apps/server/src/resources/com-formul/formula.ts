import { compileExpression, type Expression, ExpressionError, lookupOf } from '@civdesk/workflow';
import { badRequest } from '../../core/envelope.ts';

// Formulas are written without the `${}` of process conditions (`income * 0.5 + members * 10`);
// the workflow's evaluator runs them, so a formula can never reach code: no eval, no Function.

const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new Error(`${String(v)} 不是数字`);
  return n;
};

/** The functions a formula may call besides the operators. */
export const formulaFunctions = Object.freeze({
  min: (...a: unknown[]) => Math.min(...a.map(num)),
  max: (...a: unknown[]) => Math.max(...a.map(num)),
  abs: (a: unknown) => Math.abs(num(a)),
  round: (a: unknown, digits: unknown = 0) => {
    const f = 10 ** Math.min(Math.max(Math.trunc(num(digits)), 0), 6);
    return Math.round(num(a) * f) / f;
  },
  floor: (a: unknown) => Math.floor(num(a)),
  ceil: (a: unknown) => Math.ceil(num(a)),
});

const KEYWORDS = new Set(['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'and', 'or', 'not', 'div', 'mod', 'empty', 'true', 'false', 'null']);

const wrap = (text: string) => (/[$#]\{/.test(text) ? text : `\${${text}}`);

/** Compiles a formula or answers 400 naming it. */
export function compileFormula(text: string, name: string): Expression {
  if (!text.trim()) throw badRequest(`公式「${name}」的内容为空`);
  try {
    return compileExpression(wrap(text), `公式「${name}」`, formulaFunctions);
  } catch (e) {
    if (e instanceof ExpressionError) throw badRequest(`公式「${name}」无法解析: ${e.message}`);
    throw e;
  }
}

/** The names a formula reads: identifiers outside string literals, not after a dot, not called, not operator words. */
export function namesIn(text: string): string[] {
  const noStrings = text.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '""');
  const names = new Set<string>();
  for (const m of noStrings.matchAll(/(?<![\p{L}\p{N}_$.])([\p{L}_][\p{L}\p{N}_]*)(?![\p{L}\p{N}_]|\s*\()/gu)) {
    if (!KEYWORDS.has(m[1]) && !(m[1] in formulaFunctions)) names.add(m[1]);
  }
  return [...names];
}

/** Checks that a formula parses and reads only the given fields; answers the fields it reads. */
export function checkFormula(text: string, name: string, fields: string[]): string[] {
  compileFormula(text, name);
  const known = new Set(fields);
  const unknown = namesIn(text).filter((n) => !known.has(n));
  if (unknown.length) throw badRequest(`公式「${name}」引用了问卷中不存在的字段: ${unknown.join(', ')}`);
  return namesIn(text);
}

/** Evaluates a formula to a finite number, or answers 400 naming it. */
export function evaluateFormula(text: string, name: string, values: Record<string, unknown>): number {
  const expr = compileFormula(text, name);
  let result: unknown;
  try {
    result = expr.evaluate(lookupOf(values));
  } catch (e) {
    if (e instanceof ExpressionError) throw badRequest(`公式「${name}」计算失败: ${e.message}`);
    throw e;
  }
  const n = typeof result === 'boolean' ? Number(result) : Number(result);
  if (result === null || result === '' || !Number.isFinite(n)) throw badRequest(`公式「${name}」的结果不是有效数字`);
  return Math.round(n * 1e6) / 1e6;
}
