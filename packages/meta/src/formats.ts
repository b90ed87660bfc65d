import type { Label } from './field-types.ts';

/** Text formats a string field may demand, checked alike by the server and the form. */
export type TextFormat = 'mobile' | 'email' | 'idCard' | 'tel';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/**
 * A resident identity number (GB 11643-1999): 18 characters, a real birth date in characters
 * 7–14, and the last one the ISO 7064 MOD 11-2 check character of the first seventeen.
 */
export function isIdCard(v: string): boolean {
  const s = v.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(s)) return false;
  const [y, m, d] = [Number(s.slice(6, 10)), Number(s.slice(10, 12)), Number(s.slice(12, 14))];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * WEIGHTS[i];
  return CHECK[sum % 11] === s[17];
}

const checks: Record<TextFormat, (v: string) => boolean> = {
  // Mainland mobile numbers: 11 digits starting with 1.
  mobile: (v) => /^1\d{10}$/.test(v),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  idCard: isIdCard,
  // A contact telephone: a mobile number, or a landline with its area code (010-12345678, ext. after a dash).
  tel: (v) => /^1\d{10}$/.test(v) || /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(v),
};

export const formatMessages: Record<TextFormat, Label> = {
  mobile: { zh: '请输入正确的手机号码（以1开头的11位数字）', en: 'Enter a mobile number: 11 digits starting with 1' },
  email: { zh: '请输入正确的电子邮箱', en: 'Enter a valid email address' },
  idCard: { zh: '请输入正确的身份证号', en: 'Enter a valid ID card number' },
  tel: { zh: '请输入正确的联系电话（手机号或带区号的固定电话）', en: 'Enter a mobile number or a landline with its area code' },
};

export const matchesFormat = (format: TextFormat, v: string): boolean => checks[format](v);
