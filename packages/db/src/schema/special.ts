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
  // Grants: a role's menus and buttons; its data (category 1), API (2) and top-menu
  // (3) scopes; the menus bound to a top menu. Each grant replaces the role's previous rows.
  {
    name: 'blade_role_menu',
    columns: [
      { name: 'id', type: 'bigint', primaryKey: true, notNull: true },
      { name: 'menu_id', type: 'bigint', notNull: true },
      { name: 'role_id', type: 'bigint', notNull: true },
    ],
    indexes: [{ name: 'blade_role_menu_role_menu_ux', columns: ['role_id', 'menu_id'], unique: true }],
  },
  {
    name: 'blade_role_scope',
    columns: [
      { name: 'id', type: 'bigint', primaryKey: true, notNull: true },
      { name: 'scope_category', type: 'integer', notNull: true },
      { name: 'scope_id', type: 'bigint', notNull: true },
      { name: 'role_id', type: 'bigint', notNull: true },
    ],
    indexes: [{ name: 'blade_role_scope_role_ux', columns: ['role_id', 'scope_category', 'scope_id'], unique: true }],
  },
  {
    name: 'blade_top_menu_setting',
    columns: [
      { name: 'id', type: 'bigint', primaryKey: true, notNull: true },
      { name: 'top_menu_id', type: 'bigint', notNull: true },
      { name: 'menu_id', type: 'bigint', notNull: true },
    ],
    indexes: [{ name: 'blade_top_menu_setting_ux', columns: ['top_menu_id', 'menu_id'], unique: true }],
  },
  {
    // One signed-in session (a refresh-token family). Access tokens name it (`sid`); every request
    // checks it is live, so logout, a disabled user or a password change end it server-side.
    name: 'blade_auth_session',
    columns: [
      { name: 'id', type: 'varchar(36)', primaryKey: true, notNull: true },
      { name: 'tenant_id', type: 'varchar(12)', notNull: true },
      { name: 'user_id', type: 'bigint', notNull: true },
      { name: 'client_id', type: 'varchar(48)', notNull: true },
      // The department and role chosen at sign-in in switch mode (null: all of the user's).
      { name: 'dept_id', type: 'bigint' },
      { name: 'role_id', type: 'bigint' },
      { name: 'remote_ip', type: 'varchar(64)' },
      { name: 'create_time', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'last_active_time', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'expire_time', type: 'timestamptz', notNull: true },
      { name: 'revoked_time', type: 'timestamptz' },
      { name: 'revoke_reason', type: 'varchar(32)' },
    ],
    indexes: [
      { name: 'blade_auth_session_user_ix', columns: ['user_id'] },
      { name: 'blade_auth_session_expire_ix', columns: ['expire_time'] },
    ],
  },
  {
    // Refresh tokens, stored as SHA-256 hashes; a used one is kept until it expires so that reusing
    // it is recognised (and ends its whole session).
    name: 'blade_refresh_token',
    columns: [
      { name: 'token_hash', type: 'varchar(64)', primaryKey: true, notNull: true },
      { name: 'session_id', type: 'varchar(36)', notNull: true },
      { name: 'create_time', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'expire_time', type: 'timestamptz', notNull: true },
      { name: 'used_time', type: 'timestamptz' },
    ],
    indexes: [
      { name: 'blade_refresh_token_session_ix', columns: ['session_id'] },
      { name: 'blade_refresh_token_expire_ix', columns: ['expire_time'] },
    ],
  },
  {
    // Failed sign-ins per account (`acct:<tenant>:<account>`) and per address (`ip:<ip>`).
    name: 'blade_login_fail',
    columns: [
      { name: 'fail_key', type: 'varchar(200)', primaryKey: true, notNull: true },
      { name: 'fail_count', type: 'integer', notNull: true },
      { name: 'last_time', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'blade_login_fail_last_ix', columns: ['last_time'] }],
  },
  {
    // Hashes of a user's recent passwords, so a policy can refuse reusing one.
    name: 'blade_password_history',
    columns: [
      { name: 'id', type: 'bigint', primaryKey: true, notNull: true },
      { name: 'user_id', type: 'bigint', notNull: true },
      { name: 'hash', type: 'varchar(255)', notNull: true },
      { name: 'create_time', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'blade_password_history_user_ix', columns: ['user_id', 'create_time'] }],
  },
];
