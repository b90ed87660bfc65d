// Turns a parsed expression into a closure. Only what conditions and assignments need exists here:
// variables, own properties of plain data, literals, operators with EL's coercions, and functions
// the product registers by name. There is no way to reach a prototype, a constructor or a method.
import jsep from 'jsep';

/** Returned by a lookup for a variable that does not exist. */
export const MISSING: unique symbol = Symbol('missing');
export type Lookup = (name: string) => unknown;
export type Compiled = (lookup: Lookup) => unknown;
export type ExpressionFunctions = Readonly<Record<string, (...args: unknown[]) => unknown>>;

const MAX_DEPTH = 64;
const BLOCKED = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__']);

export function compileAst(source: string, functions: ExpressionFunctions | undefined): Compiled {
  let ast: jsep.Expression;
  try {
    ast = jsep(source);
  } catch (e) {
    // Absurdly nested input overflows the parser's recursion: refuse it like any syntax error.
    throw new SyntaxError(e instanceof RangeError ? '表达式嵌套过深' : `语法错误: ${(e as Error).message}`);
  }
  return node(ast, 0, functions);
}

function node(n: jsep.Expression, depth: number, fns: ExpressionFunctions | undefined): Compiled {
  if (depth > MAX_DEPTH) throw new SyntaxError('表达式嵌套过深');
  const sub = (x: jsep.Expression) => node(x, depth + 1, fns);
  switch (n.type) {
    case 'Literal': {
      const value = (n as jsep.Literal).value;
      if (value instanceof RegExp) throw new SyntaxError('不支持正则表达式');
      return () => value;
    }
    case 'Identifier': {
      const name = (n as jsep.Identifier).name;
      if (BLOCKED.has(name)) throw new SyntaxError(`不允许的名称 ${name}`);
      return (lookup) => {
        const v = lookup(name);
        if (v === MISSING) throw new Error(`未知变量 ${name}`);
        return v;
      };
    }
    case 'MemberExpression': {
      const m = n as jsep.MemberExpression;
      const object = sub(m.object);
      if (!m.computed) {
        const key = (m.property as jsep.Identifier).name;
        if (BLOCKED.has(key)) throw new SyntaxError(`不允许的属性 ${key}`);
        return (lookup) => member(object(lookup), key);
      }
      const key = sub(m.property);
      return (lookup) => member(object(lookup), key(lookup));
    }
    case 'UnaryExpression': {
      const u = n as jsep.UnaryExpression;
      const arg = sub(u.argument);
      if (u.operator === '!') return (l) => !toBoolean(arg(l));
      if (u.operator === '-') return (l) => -toNumber(arg(l));
      if (u.operator === '+') return (l) => toNumber(arg(l));
      if (u.operator === '~') return (l) => isEmpty(arg(l));
      throw new SyntaxError(`不支持的运算符 ${u.operator}`);
    }
    case 'BinaryExpression':
      return binary(n as jsep.BinaryExpression, sub);
    case 'ConditionalExpression': {
      const c = n as jsep.ConditionalExpression;
      const [test, yes, no] = [sub(c.test), sub(c.consequent), sub(c.alternate)];
      return (l) => (toBoolean(test(l)) ? yes(l) : no(l));
    }
    case 'ArrayExpression': {
      const items = (n as jsep.ArrayExpression).elements.map((e) => (e ? sub(e) : () => null));
      return (l) => items.map((f) => f(l));
    }
    case 'CallExpression': {
      const call = n as jsep.CallExpression;
      if (call.callee.type !== 'Identifier') throw new SyntaxError('不支持方法调用');
      const name = (call.callee as jsep.Identifier).name;
      const fn = fns && Object.hasOwn(fns, name) ? fns[name] : undefined;
      if (!fn) throw new SyntaxError(`未注册的函数 ${name}()`);
      const args = call.arguments.map(sub);
      return (l) => fn(...args.map((a) => a(l)));
    }
    default:
      throw new SyntaxError(`不支持的表达式 ${n.type}`);
  }
}

function binary(b: jsep.BinaryExpression, sub: (x: jsep.Expression) => Compiled): Compiled {
  const left = sub(b.left);
  const right = sub(b.right);
  switch (b.operator) {
    case '&&':
      return (l) => toBoolean(left(l)) && toBoolean(right(l));
    case '||':
      return (l) => toBoolean(left(l)) || toBoolean(right(l));
    case '==':
      return (l) => equals(left(l), right(l));
    case '!=':
      return (l) => !equals(left(l), right(l));
    case '<':
      return (l) => compare(left(l), right(l), (c) => c < 0);
    case '>':
      return (l) => compare(left(l), right(l), (c) => c > 0);
    case '<=':
      return (l) => compare(left(l), right(l), (c) => c <= 0);
    case '>=':
      return (l) => compare(left(l), right(l), (c) => c >= 0);
    case '+':
      return (l) => toNumber(left(l)) + toNumber(right(l));
    case '-':
      return (l) => toNumber(left(l)) - toNumber(right(l));
    case '*':
      return (l) => toNumber(left(l)) * toNumber(right(l));
    case '/':
      return (l) => toNumber(left(l)) / toNumber(right(l));
    case '%':
      return (l) => toNumber(left(l)) % toNumber(right(l));
    default:
      throw new SyntaxError(`不支持的运算符 ${b.operator}`);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** EL property access on data: null base gives null, a missing key gives null, only own properties count. */
function member(base: unknown, key: unknown): unknown {
  if (base === null || base === undefined) return null;
  if (typeof key !== 'string' && typeof key !== 'number') throw new Error('属性名必须是字符串或数字');
  if (typeof key === 'string' && BLOCKED.has(key)) throw new Error(`不允许的属性 ${key}`);
  if (Array.isArray(base)) {
    const i = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(i) && i >= 0 && i < base.length ? base[i] : null;
  }
  if (isPlainObject(base)) {
    const k = String(key);
    return Object.hasOwn(base, k) ? base[k] : null;
  }
  throw new Error(`无法读取属性 ${String(key)}`);
}

export function toBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'string') {
    const s = v.toLowerCase();
    if (s === 'true') return true;
    if (s === 'false') return false;
  }
  throw new Error(`无法转换为布尔值: ${describe(v)}`);
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    if (v.trim() !== '' && !Number.isNaN(n)) return n;
  }
  throw new Error(`无法转换为数字: ${describe(v)}`);
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));
}

function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') return isNumeric(a) && isNumeric(b) && Number(a) === Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a).toLowerCase() === String(b).toLowerCase();
  return false;
}

function compare(a: unknown, b: unknown, test: (c: number) => boolean): boolean {
  if (a === b) return test(0);
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if ((typeof a === 'number' || typeof b === 'number') && isNumeric(a) && isNumeric(b)) return test(Number(a) - Number(b));
  if (typeof a === 'string' && typeof b === 'string') return test(a < b ? -1 : 1);
  throw new Error(`无法比较 ${describe(a)} 与 ${describe(b)}`);
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  return false;
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (Array.isArray(v)) return '列表';
  if (typeof v === 'object' && v !== null) return '对象';
  return String(v);
}
