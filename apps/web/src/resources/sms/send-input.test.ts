import { describe, expect, it } from 'vitest';
import { checkParams, checkPhones } from './send-input.ts';

describe('test message phones', () => {
  it('takes comma-separated mobile numbers, full-width commas and spaces included', () => {
    expect(checkPhones(' 13800000000,13900000000 ，15000000000 ,')).toEqual({
      ok: true,
      value: ['13800000000', '13900000000', '15000000000'],
    });
  });

  it('names the first wrong phone', () => {
    expect(checkPhones('13800000000,1380000000')).toEqual({ ok: false, error: 'sys.sms.phoneInvalid', vars: { phone: '1380000000' } });
    expect(checkPhones('23800000000')).toMatchObject({ ok: false, vars: { phone: '23800000000' } });
    expect(checkPhones('138000000001')).toMatchObject({ ok: false, vars: { phone: '138000000001' } });
    expect(checkPhones('1380000000a')).toMatchObject({ ok: false, vars: { phone: '1380000000a' } });
    expect(checkPhones('13800000000 13900000000')).toMatchObject({ ok: false, error: 'sys.sms.phoneInvalid' });
  });

  it('asks for at least one and at most 100', () => {
    expect(checkPhones('')).toEqual({ ok: false, error: 'sys.sms.phonesRequired' });
    expect(checkPhones(' , ')).toEqual({ ok: false, error: 'sys.sms.phonesRequired' });
    const many = Array.from({ length: 101 }, (_, i) => `138${String(i).padStart(8, '0')}`).join(',');
    expect(checkPhones(many)).toEqual({ ok: false, error: 'sys.sms.phonesTooMany', vars: { max: '100' } });
    expect(checkPhones(many.slice(0, many.lastIndexOf(',')))).toMatchObject({ ok: true });
  });
});

describe('test message parameters', () => {
  it('takes nothing or a JSON object of texts and numbers', () => {
    expect(checkParams('')).toEqual({ ok: true, value: {} });
    expect(checkParams('  ')).toEqual({ ok: true, value: {} });
    expect(checkParams('{"code":"1234","n":5}')).toEqual({ ok: true, value: { code: '1234', n: 5 } });
  });

  it('refuses anything else', () => {
    for (const bad of ['{code:1}', '[1]', '"x"', '12', 'null', '{"a":{"b":1}}', '{"a":[1]}', '{"a":null}']) {
      expect(checkParams(bad), bad).toEqual({ ok: false, error: 'sys.sms.paramsInvalid' });
    }
  });
});
