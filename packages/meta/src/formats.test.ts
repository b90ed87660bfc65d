import { describe, expect, it } from 'vitest';
import { defineResource } from './define-resource.ts';
import { toSubmitSchema } from './derive/to-zod.ts';
import { isIdCard, matchesFormat } from './formats.ts';

describe('text formats', () => {
  it('checks the ID card number with the GB 11643 check character and a real birth date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false); // wrong check character
    expect(isIdCard('110105194902300021')).toBe(false); // 30 February
    expect(isIdCard('123')).toBe(false);
  });

  it('takes mobile numbers of 11 digits starting with 1, emails, and telephones with an area code', () => {
    expect(matchesFormat('mobile', '13800138000')).toBe(true);
    expect(matchesFormat('mobile', '12345')).toBe(false);
    expect(matchesFormat('mobile', '23800138000')).toBe(false);
    expect(matchesFormat('email', 'a@b.cn')).toBe(true);
    expect(matchesFormat('email', 'not-an-email')).toBe(false);
    expect(matchesFormat('tel', '010-12345678')).toBe(true);
    expect(matchesFormat('tel', '13800138000')).toBe(true);
    expect(matchesFormat('tel', 'abc')).toBe(false);
  });

  it('refuses a wrong format in the shared schema with its Chinese message', () => {
    const r = defineResource({
      name: 'x',
      table: 'x',
      label: { zh: 'x', en: 'x' },
      api: '/x',
      menu: false,
      tenant: false,
      softDelete: false,
      defaultSort: [],
      fields: {
        phone: { type: 'string', label: { zh: '手机号码', en: 'Phone' }, max: 45, format: 'mobile' },
        idCard: { type: 'string', label: { zh: '身份证号', en: 'ID' }, max: 18, format: 'idCard' },
      },
    });
    const parsed = toSubmitSchema(r, 'create', 'zh').safeParse({ phone: '12345', idCard: '110105194912310021' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['请输入正确的手机号码（以1开头的11位数字）', '请输入正确的身份证号']);
    expect(toSubmitSchema(r, 'create', 'zh').safeParse({ phone: '', idCard: '11010519491231002X' }).success).toBe(true);
  });
});
