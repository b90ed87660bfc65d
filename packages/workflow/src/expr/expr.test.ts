import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../errors.ts';
import { compileExpression, evaluateCondition, lookupOf } from './index.ts';
import { splitTemplate, translateJuel } from './juel.ts';

const run = (text: string, vars: Record<string, unknown> = {}, fns?: Record<string, (...a: unknown[]) => unknown>) =>
  compileExpression(text, 'flow_1', fns).evaluate(lookupOf(vars));

describe('JUEL as Flowable files write it', () => {
  it.each([
    ['${amount > 1000}', { amount: 1500 }, true],
    ['${amount > 1000}', { amount: 999 }, false],
    ['${approved == true}', { approved: true }, true],
    ['${!approved}', { approved: false }, true],
    ["${day >= 3 && type eq 'sick'}", { day: 3, type: 'sick' }, true],
    ["${day >= 3 and type eq 'sick'}", { day: 2, type: 'sick' }, false],
    ['${empty comment}', { comment: '' }, true],
    ['${empty comment}', { comment: null }, true],
    ['${empty comment}', { comment: 'ok' }, false],
    ['${not empty list}', { list: [1] }, true],
    ["${outcome == '通过'}", { outcome: '通过' }, true],
    ["${outcome=='驳回'}", { outcome: '通过' }, false],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.5}', { nrOfCompletedInstances: 1, nrOfInstances: 2 }, true],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.6}', { nrOfCompletedInstances: 1, nrOfInstances: 2 }, false],
    ['${starter}', { starter: 'u1' }, 'u1'],
    ['${user.deptId}', { user: { deptId: 'd1' } }, 'd1'],
    ["${user['deptId']}", { user: { deptId: 'd1' } }, 'd1'],
    ['${entity.leaveDays > 2}', { entity: { leaveDays: 3 } }, true],
    ['#{a mod 3 eq 1 or b div 2 gt 1}', { a: 4, b: 1 }, true],
    ['${a ne b && a lt b && a le b && b ge a}', { a: 1, b: 2 }, true],
    ['${x ? "y" : "n"}', { x: true }, 'y'],
    ['${list[1]}', { list: ['a', 'b'] }, 'b'],
    ['  \n ${amount > 1}  ', { amount: 2 }, true],
    ['${金额 > 100}', { 金额: 101 }, true],
    ['${a == "5"}', { a: 5 }, true],
    ['${a == null}', { a: null }, true],
    ['${user.missing == null}', { user: {} }, true],
    ['${approved}', { approved: 'true' }, 'true'],
    ['plain text', {}, 'plain text'],
    ['Hello ${name}, ${n + 1} days', { name: '张三', n: 2 }, 'Hello 张三, 3 days'],
    ["${'eq and not' == s}", { s: 'eq and not' }, true],
    ['${a.and}', { a: { and: 1 } }, 1],
  ])('%s', (text, vars, expected) => {
    expect(run(text, vars)).toEqual(expected);
  });

  it('translates word operators but not inside strings or after a dot', () => {
    expect(translateJuel("a eq 'b eq c' and x.or")).toBe("a  ==  'b eq c'  &&  x.or");
  });

  it('splits templates with escapes and braces inside strings', () => {
    expect(splitTemplate("a ${x == '}'} \\${y}")).toEqual([
      { kind: 'text', value: 'a ' },
      { kind: 'expr', source: "x == '}'" },
      { kind: 'text', value: ' ${y}' },
    ]);
  });

  it('calls only registered functions', () => {
    expect(run('${days(2)}', {}, { days: (n) => Number(n) * 2 })).toBe(4);
    expect(() => run('${days(2)}')).toThrow(/未注册的函数 days/);
  });

  it('evaluates conditions strictly to booleans', () => {
    const e = compileExpression('${x}', 'flow_7');
    expect(evaluateCondition(e, lookupOf({ x: 'TRUE' }), 'flow_7')).toBe(true);
    expect(() => evaluateCondition(e, lookupOf({ x: 3 }), 'flow_7')).toThrow(/flow_7/);
  });
});

describe('failures name their owner', () => {
  it('unknown variable at run time', () => {
    const e = compileExpression('${missing > 1}', 'flow_9');
    expect(() => e.evaluate(lookupOf({}))).toThrow(ExpressionError);
    expect(() => e.evaluate(lookupOf({}))).toThrow(/flow_9.*未知变量 missing/);
  });
  it.each(['${a >}', '${a', '${}', '${a = 1}', '${a === b}', '${a, b}', '${this}', '${a ~ b}', '${x instanceof y}', '${/re/}'])(
    'syntax: %s',
    (text) => {
      expect(() => compileExpression(text, 'gw_1')).toThrow(/gw_1/);
    },
  );
  it('type errors at run time', () => {
    expect(() => run('${a > 1}', { a: true })).toThrow(/无法比较/);
    expect(() => run('${a + 1}', { a: 'x' })).toThrow(/无法转换为数字/);
    expect(() => run('${!a}', { a: 3 })).toThrow(/布尔/);
  });
});
