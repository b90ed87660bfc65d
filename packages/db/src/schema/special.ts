import type { TableSpec } from './table-spec.ts';

// Tables that are not list-and-form resources: written by hand, diffed and migrated the same way.
export const specialTables: TableSpec[] = [
  {
    // Per-install secrets (the token signing key): generated on first start, never in the repo.
    name: 'blade_secret',
    columns: [
      { name: 'name', type: 'varchar(64)', primaryKey: true, notNull: true },
      { name: 'value', type: 'text', notNull: true },
      { name: 'create_time', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [],
  },
  {
    // Captcha codes live in the database so that several server copies agree on them.
    name: 'blade_captcha',
    columns: [
      { name: 'captcha_key', type: 'varchar(64)', primaryKey: true, notNull: true },
      { name: 'code', type: 'varchar(16)', notNull: true },
      { name: 'expire_time', type: 'timestamptz', notNull: true },
    ],
    indexes: [{ name: 'blade_captcha_expire_ix', columns: ['expire_time'] }],
  },
];
