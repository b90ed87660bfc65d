import { describe, expect, it } from 'vitest';
import { IdMaker, logRows, type Row, type UserRef, userRows } from './dataset.ts';
import { chineseName, idCard, idCardCheck, isValidIdCard, person } from './people.ts';
import { Random, weighted } from './random.ts';

const take = <T>(it: Iterable<T>, n: number): T[] => {
  const out: T[] = [];
  for (const v of it) {
    out.push(v);
    if (out.length === n) break;
  }
  return out;
};

const areas = ['110101', '110102', '310104'];
const depts = [
  { id: '1', parentId: '0', level: 1 },
  { id: '2', parentId: '1', level: 2 },
  { id: '3', parentId: '2', level: 3 },
  { id: '4', parentId: '2', level: 3 },
];
const users = (seed: string, n = 200): Row[] =>
  take(
    userRows(new Random(seed), '100001', n, depts, {
      areaCodes: areas,
      roleId: '9',
      passwordHash: 'h',
      createUser: '1',
      ids: new IdMaker(1),
      startNo: 1,
    }),
    n,
  );
const refs: Map<string, UserRef[]> = new Map([
  ['100001', [{ id: '11', account: 'wang1', deptId: '3' }]],
  ['100002', [{ id: '12', account: 'li2', deptId: '4' }]],
  ['000000', [{ id: '13', account: 'admin', deptId: '1' }]],
]);
const logs = (seed: string, n = 2000): Row[] => take(logRows(new Random(seed), n, refs, new IdMaker(2)), n);

describe('Random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Random('x');
    const b = new Random('x');
    const c = new Random('y');
    const sa = Array.from({ length: 50 }, () => a.u32());
    expect(Array.from({ length: 50 }, () => b.u32())).toEqual(sa);
    expect(Array.from({ length: 50 }, () => c.u32())).not.toEqual(sa);
  });

  it('forks independent streams that are themselves reproducible', () => {
    const f1 = new Random('s').fork('logs');
    const f2 = new Random('s').fork('logs');
    expect(f1.next()).toBe(f2.next());
    expect(new Random('s').fork('users').next()).not.toBe(new Random('s').fork('logs').next());
  });

  it('stays in range and picks by weight', () => {
    const r = new Random('range');
    const pick = weighted([
      ['a', 9],
      ['b', 1],
    ]);
    let a = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      seen.add(r.between(3, 5));
      if (pick(r) === 'a') a++;
    }
    expect([...seen].sort()).toEqual([3, 4, 5]);
    expect(a).toBeGreaterThan(8700);
    expect(a).toBeLessThan(9300);
  });
});

describe('people', () => {
  it('makes Chinese names of two to four characters', () => {
    const r = new Random('names');
    for (let i = 0; i < 500; i++) {
      const { name } = chineseName(r, i % 2 ? 1 : 2);
      expect(name).toMatch(/^[\u4e00-\u9fff]{2,4}$/);
    }
  });

  it('makes ID-card numbers with a correct check character, birthday and sex digit', () => {
    expect(idCardCheck('11010519491231002')).toBe('X'); // the example of GB 11643
    const r = new Random('ids');
    for (let i = 0; i < 500; i++) {
      const p = person(r, areas);
      expect(isValidIdCard(p.idCard)).toBe(true);
      expect(p.idCard.slice(6, 14)).toBe(p.birthday.replace(/-/g, ''));
      expect(Number(p.idCard[16]) % 2).toBe(p.sex === 1 ? 1 : 0);
      expect(areas).toContain(p.idCard.slice(0, 6));
      expect(p.phone).toMatch(/^1[3-9]\d{9}$/);
    }
    expect(idCard(new Random('a'), '110101', '2001-02-03', 2)).toMatch(/^11010120010203\d{2}[02468][\dX]$/);
  });
});

describe('data set', () => {
  it('is the same row for row (ids included) for the same seed', () => {
    expect(users('seed-1')).toEqual(users('seed-1'));
    expect(logs('seed-1')).toEqual(logs('seed-1'));
    expect(users('seed-2')).not.toEqual(users('seed-1'));
    expect(logs('seed-2')).not.toEqual(logs('seed-1'));
  });

  it('gives users unique accounts and ids, in known departments, created over the years', () => {
    const u = users('u', 1000);
    expect(new Set(u.map((x) => x.account)).size).toBe(1000);
    expect(new Set(u.map((x) => x.id)).size).toBe(1000);
    for (const x of u) expect(depts.map((d) => d.id)).toContain(x.dept_id);
    const years = new Set(u.map((x) => String(x.create_time).slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(6);
  });

  it('writes log rows in time order with increasing unique ids, over three years, by working hours', () => {
    const l = logs('l', 20_000);
    const times = l.map((x) => Date.parse(String(x.create_time)));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
    const ids = l.map((x) => BigInt(String(x.id)));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Date(times[0]).getUTCFullYear()).toBeLessThanOrEqual(2023);
    expect(new Date(times.at(-1) as number).getUTCFullYear()).toBe(2025);
    const hour = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();
    const office = times.filter((t) => hour(t) >= 9 && hour(t) < 18).length;
    expect(office / times.length).toBeGreaterThan(0.6);
    const tenants = new Set(l.map((x) => x.tenant_id));
    expect(tenants).toEqual(new Set(['100001', '100002', '000000']));
  });
});

describe('IdMaker', () => {
  it('makes snowflake ids from the time, unique within a millisecond', () => {
    const m = new IdMaker(5);
    const a = m.next(Date.UTC(2024, 0, 1));
    const b = m.next(Date.UTC(2024, 0, 1));
    expect(a).not.toBe(b);
    expect(BigInt(b) - BigInt(a)).toBe(1n);
    expect(Number((BigInt(a) >> 12n) & 1023n)).toBe(5);
    expect(Number(BigInt(a) >> 22n) + 1577836800000).toBe(Date.UTC(2024, 0, 1));
  });
});
