import { describe, expect, it } from 'vitest';
import { numberParams } from './named-params.ts';

describe('named parameters', () => {
  it('numbers each distinct name once, in order of appearance', () => {
    expect(numberParams('select * from t where a = :a and b = :b or a2 = :a')).toEqual({
      text: 'select * from t where a = $1 and b = $2 or a2 = $1',
      names: ['a', 'b'],
    });
  });
  it('leaves casts, quoted text, identifiers, comments and dollar bodies alone', () => {
    const sql = `select x::int, ':no', ":nor", $q$ :none $q$ -- :c\n /* :d */ from t where y = :y`;
    expect(numberParams(sql)).toEqual({ text: sql.replace(':y', '$1'), names: ['y'] });
  });
  it('refuses positional parameters written by hand', () => {
    expect(() => numberParams('select $1')).toThrow(/参数名/);
  });
});
