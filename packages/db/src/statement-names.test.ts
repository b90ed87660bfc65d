import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names.ts';

describe('StatementNames', () => {
  it('names a statement with parameters from its second use on, always the same name', () => {
    const n = new StatementNames();
    expect(n.nameOf('select $1', [1])).toBeUndefined();
    const name = n.nameOf('select $1', [2]);
    expect(name).toMatch(/^civdesk_\d+$/);
    expect(n.nameOf('select $1', [3])).toBe(name);
    expect(n.nameOf('select $1 + 1', [1])).toBeUndefined();
    expect(n.nameOf('select $1 + 1', [1])).not.toBe(name);
  });

  it('never names a statement without parameters (simple protocol: several statements per text)', () => {
    const n = new StatementNames();
    for (let i = 0; i < 3; i++) {
      expect(n.nameOf('begin', undefined)).toBeUndefined();
      expect(n.nameOf('select 1; select 2', [])).toBeUndefined();
    }
    expect(n.size).toBe(0);
  });

  it('names at most max texts; later ones run unnamed, earlier ones keep their names', () => {
    const n = new StatementNames(2);
    const first = [0, 1].map((i) => {
      n.nameOf(`select ${i}, $1`, [i]);
      return n.nameOf(`select ${i}, $1`, [i]);
    });
    expect(first.every(Boolean)).toBe(true);
    n.nameOf('select 9, $1', [9]);
    expect(n.nameOf('select 9, $1', [9])).toBeUndefined();
    expect(n.size).toBe(2);
    expect(n.nameOf('select 0, $1', [0])).toBe(first[0]);
  });

  it('forgets texts used once when too many were seen (bounded memory)', () => {
    const n = new StatementNames(256, 3);
    for (const t of ['a', 'b', 'c']) n.nameOf(`select '${t}', $1`, [1]);
    // the fourth distinct text starts the list again: 'a' counts as new
    n.nameOf(`select 'd', $1`, [1]);
    expect(n.nameOf(`select 'a', $1`, [1])).toBeUndefined();
    expect(n.nameOf(`select 'd', $1`, [1])).toMatch(/^civdesk_/);
  });

  it('names nothing when switched off (max 0)', () => {
    const n = new StatementNames(0);
    for (let i = 0; i < 3; i++) expect(n.nameOf('select $1', [1])).toBeUndefined();
  });
});
