import { describe, expect, it } from 'vitest';
import { compileExpression, lookupOf } from './index.ts';

// Nothing an author writes in a model may reach a prototype, a constructor, a method or the host.
describe('evaluator security', () => {
  const vars = { a: {}, s: 'text', list: [1], fn: () => 'called', d: new Date(0) };
  const attempt = (text: string) => {
    try {
      return { value: compileExpression(text, 'flow_x').evaluate(lookupOf(vars)) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };

  it.each([
    "${constructor.constructor('x')()}",
    "${a.constructor.constructor('return process')()}",
    '${__proto__}',
    '${a.__proto__}',
    "${a['__proto__']}",
    "${a['constra' + 'uctor']}",
    "${a['constructor']}",
    '${a.prototype}',
    '${s.length}',
    '${s.toString()}',
    '${list.push(2)}',
    '${fn()}',
    '${d.getTime}',
    '${globalThis}',
    '${process.env}',
    '${eval("1")}',
    '${Function("return 1")()}',
  ])('%s is refused or inert', (text) => {
    const r = attempt(text);
    if ('value' in r) expect(r.value === null || r.value === undefined).toBe(true);
    else expect(r.error).toMatch(/flow_x/);
  });

  it('computed keys cannot reach inherited members', () => {
    expect(attempt("${a['toString']}")).toEqual({ value: null });
    expect(attempt("${a['hasOwnProperty']}")).toEqual({ value: null });
  });

  it('deep nesting is refused quickly instead of overflowing the stack', () => {
    const deep = '${' + '('.repeat(5000) + '1' + ')'.repeat(5000) + '}';
    expect(() => compileExpression(deep, 'flow_deep')).toThrow(/flow_deep/);
    const chain = '${' + Array.from({ length: 3000 }, () => 'a').join(' + ') + '}';
    expect(() => compileExpression(chain, 'flow_chain')).toThrow(/嵌套过深/);
  });
});
