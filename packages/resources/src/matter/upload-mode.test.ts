import { describe, expect, it } from 'vitest';
import { type Party, partiesFor } from './upload-mode.ts';

const family: (Party & { name: string })[] = [
  { name: '申请人', role: 'applicant', age: 40 },
  { name: '配偶', role: 'member', age: 38 },
  { name: '子女', role: 'member', age: 9 },
  { name: '父亲', role: 'supporter', age: 66 },
  { name: '未成年扶养人', role: 'supporter', age: 16 },
];
const who = (mode: number | null) => partiesFor(mode, family).map((p) => p.name);

describe('material upload modes', () => {
  it('1: the applicant only (and an unknown mode reads as 1)', () => {
    expect(who(1)).toEqual(['申请人']);
    expect(who(null)).toEqual(['申请人']);
    expect(who(9)).toEqual(['申请人']);
  });
  it('2: the applicant and every household member', () => {
    expect(who(2)).toEqual(['申请人', '配偶', '子女']);
  });
  it('3: members of any age, supporters aged 18 or over', () => {
    expect(who(3)).toEqual(['申请人', '配偶', '子女', '父亲']);
  });
  it('4: members and supporters of any age', () => {
    expect(who(4)).toEqual(['申请人', '配偶', '子女', '父亲', '未成年扶养人']);
  });
  it('5 differs from 3: members too only from 18', () => {
    expect(who(5)).toEqual(['申请人', '配偶', '父亲']);
    expect(who(5)).not.toEqual(who(3));
  });
});
