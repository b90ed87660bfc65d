import { describe, expect, it } from 'vitest';
import { diffSchema, SchemaChangeError } from './ddl.ts';
import type { TableSpec } from './table-spec.ts';

const t = (cols: TableSpec['columns'], indexes: TableSpec['indexes'] = []): TableSpec => ({ name: 'blade_x', columns: cols, indexes });
const id = { name: 'id', type: 'bigint', primaryKey: true, notNull: true };

describe('schema diff', () => {
  it('creates new tables with their indexes', () => {
    const out = diffSchema(
      [],
      [t([id, { name: 'a', type: 'varchar(10)' }], [{ name: 'blade_x_a_ux', columns: ['a'], unique: true, where: 'is_deleted = 0' }])],
    );
    expect(out[0]).toContain('create table "blade_x"');
    expect(out[0]).toContain('"id" bigint primary key');
    expect(out[1]).toBe('create unique index "blade_x_a_ux" on "blade_x" ("a") where is_deleted = 0;');
  });

  it('adds and widens columns, changes defaults and rebuilds changed indexes', () => {
    const before = [t([id, { name: 'a', type: 'varchar(10)' }], [{ name: 'blade_x_a_ix', columns: ['a'] }])];
    const after = [
      t(
        [id, { name: 'a', type: 'varchar(20)', default: "'x'" }, { name: 'b', type: 'integer' }],
        [{ name: 'blade_x_a_ix', columns: ['a', 'b'] }],
      ),
    ];
    expect(diffSchema(before, after)).toEqual([
      'alter table "blade_x" alter column "a" type varchar(20);',
      `alter table "blade_x" alter column "a" set default 'x';`,
      'alter table "blade_x" add column "b" integer;',
      'drop index "blade_x_a_ix";',
      'create index "blade_x_a_ix" on "blade_x" ("a", "b");',
    ]);
  });

  it('refuses to drop tables or columns (data loss needs a hand-written migration)', () => {
    expect(() => diffSchema([t([id])], [])).toThrow(SchemaChangeError);
    expect(() => diffSchema([t([id, { name: 'a', type: 'text' }])], [t([id])])).toThrow(SchemaChangeError);
  });

  it('says nothing when nothing changed', () => {
    expect(diffSchema([t([id])], [t([id])])).toEqual([]);
  });
});
