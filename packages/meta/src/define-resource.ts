import type { FieldType, Label, Option } from './field-types.ts';
import type { TextFormat } from './formats.ts';
import { type MenuPlacement, placeScreen, type ScreenPlacement } from './menu.ts';

/** Where and how a field shows in the generic list screen. */
export type ListHint = { width?: number; sortable?: boolean; ellipsis?: boolean };

/** Search operator offered in the search bar; maps onto the BladeX query-map suffixes. */
export type SearchOp = 'like' | 'equal' | 'range';

export type FormHint = {
  /** Form group (section) key; labels come from the resource's `groups`. */
  group?: string;
  /** Grid span out of 24 (default 12). */
  span?: number;
  /** Shown but not editable. */
  readOnly?: boolean;
  /** Hidden when editing or viewing an existing row (passwords). */
  createOnly?: boolean;
  /** A special input for a text field: `icon` picks an @ant-design/icons name, shown as the icon. */
  widget?: 'icon';
};

export type FieldDef = {
  type: FieldType;
  label: Label;
  /** true → default message ("请输入…" / "请选择…"); a string → that message (Chinese). */
  required?: boolean | string;
  /** Max length (strings), max value (numbers) or max digits (order). */
  max?: number;
  min?: number;
  /** The message for a text outside min..max, when the spec gives one ('name length 2 to 5 characters'). */
  lengthMessage?: Label;
  /** For a password: the form asks for it twice, the second input labelled so (sent as `<key>2`). */
  confirm?: Label;
  /** A known text format (mobile, email, ID card number, telephone), with its message. */
  format?: TextFormat;
  /** Regex the value must match, with its message (zh/en). */
  pattern?: { regex: string; message: Label };
  default?: string | number;
  /** Dictionary code for `dict`. */
  dict?: string;
  /** Inline options for `enum`. */
  options?: Option[];
  /** Store an enum/dict value as an integer column (BladeX flags and categories). */
  int?: boolean;
  /**
   * The resource a `ref` / `multiRef` points at and its label field. A `string` field may also
   * reference rows by another unique field (`valueField`, e.g. a dictionary type's code).
   */
  ref?: {
    resource: string;
    labelField: string;
    valueField?: string;
    /**
     * Only rows whose `field` equals `value` may be referenced (a role's area: regions of level 4);
     * the server refuses others with `message`, the form offers only those.
     */
    only?: { field: string; value: number | string; message: Label };
    /** The form copies the chosen row's label into this field (a region's name beside its id). */
    fillLabel?: string;
  };
  /**
   * Choices of a text field that come from a call rather than a resource's list (the deployed
   * process definitions): `url` answers an array of rows, `value` names the field stored, `label`
   * is a template over the row's fields (`{name} v{version}`). The server checks the value itself.
   */
  choices?: { url: string; value: string; label: string };
  /**
   * A text field naming a row whose kind another field decides (a step's transactor: a department,
   * a role, a user or a relative role, by its type). Keys are that field's values; each names a
   * resource (with its label and stored field) or inline options. The server checks the value.
   */
  refBy?: { field: string; refs: Record<string, { resource: string; labelField: string; valueField?: string } | { options: Option[] }> };
  /** Unique among live rows (within the tenant for tenant resources). */
  unique?: boolean;
  /** Column in the list (false/undefined: hidden). */
  list?: boolean | ListHint;
  /** Offered in the search bar. */
  search?: boolean | SearchOp;
  /** In the add/edit/view form (default true). */
  form?: boolean | FormHint;
  /** Set by the server only; clients can read it but never write it. */
  serverOnly?: boolean;
  /** Column name when it is not the snake_case of the key. */
  column?: string;
  /** A typical valid value (the OpenAPI document shows it; test samples use it where other fields constrain it). */
  example?: string | number;
  /** For `dict` fields: also answer the entry's label under this name (BladeX VOs: `categoryName`). */
  labelAs?: string;
  /**
   * For `image` / `file` fields: what the form's upload button takes (extensions, lower case, no dot),
   * the largest file in KB and the tip shown when a file is refused.
   */
  upload?: { accept: string[]; maxKb: number; tip: Label };
};

/** `cusPage`: the matter modules' POST page, filters in a JSON body (`{param: {...}, current, size}`). */
export type ResourceRoute = 'page' | 'list' | 'detail' | 'submit' | 'remove' | 'tree' | 'lazy-tree' | 'cusPage';

export type ResourceDef = {
  /** kebab-case name, the same file or folder stem in every package. */
  name: string;
  table: string;
  label: Label;
  /** API base path, e.g. /api/blade-system/post */
  api: string;
  /** Rows belong to a tenant and the engine filters them by the caller's tenant. */
  tenant: boolean;
  /**
   * The tenant table itself: the field holding the code of the tenant a row is. Below the platform
   * administrator a caller sees only its own tenant's row.
   */
  tenantCodeField?: string;
  /** Remove marks is_deleted = 1 instead of deleting. */
  softDelete: boolean;
  /** Tree shape: the parent field and the field used as the node title. */
  tree?: {
    parentField: string;
    titleField: string;
    /** Large trees: `list` answers one level (parentId, default 0) instead of the whole forest. */
    lazy?: boolean;
    /** A field holding the node's level (regions): tree nodes carry it as `level`. */
    levelField?: string;
  };
  /** Built-in rows (this flag not 0) cannot be removed. */
  builtIn?: string;
  /** Excel export of the list, import template and import (routes `export`, `export-template`, `import`). */
  excel?: boolean;
  /** Reads (page, list, detail) open to every signed-in user of the tenant, not only those granted the view button (notices). */
  readableBySignedIn?: boolean;
  /**
   * Platform configuration (parameters, OAuth clients): read and written by the platform
   * administrator only, whatever a tenant's roles are granted.
   */
  platformOnly?: boolean;
  defaultSort: { field: string; dir: 'asc' | 'desc' }[];
  fields: Record<string, FieldDef>;
  /** Form groups in order (key → label). */
  groups?: Record<string, Label>;
  /** Conventional routes the engine registers (default: all that fit the shape). */
  routes?: ResourceRoute[];
  /** Extra unique constraints over several fields, with the message shown when one is broken. */
  uniqueTogether?: { fields: string[]; message?: Label }[];
  /**
   * Groups of fields of which at least one must have a value (a certificate by serial number or
   * subject), with the message shown when none has. Checked on the saved row, so an update that
   * clears one keeps the other.
   */
  requiredOneOf?: { fields: string[]; message: Label }[];
  /** Extra indexes (the engine adds tenant, parent and sort indexes itself). */
  indexes?: string[][];
  /**
   * Button codes beyond the conventional view/add/edit/delete (`<name>_<action>`), for the
   * resource's own calls (role `grant`, user `unlock`…). Seeded as buttons under its menu.
   */
  buttons?: { action: string; label: Label }[];
  /**
   * Which fields a data scope filters on when its row names no column: `dept` for "own
   * department (and children)", `owner` for "own rows". Defaults: createDept, createUser.
   */
  dataScope?: { dept?: string; owner?: string };
  /**
   * Rows about users (logs, audits): besides its own rules, a caller sees a row only when the row's
   * `field` names a row of `resource` (by its `by` field) that the caller's data scope on that
   * resource lets it see — a log never shows a user the user list hides.
   */
  scopeVia?: { resource: string; field: string; by: string };
  /**
   * Where its screen sits in the menu (group, path, icon, order), or `false` for no menu entry (a
   * resource without a screen of its own; it then has no buttons either, as they hang under the
   * menu entry: the registry test holds registered resources to that).
   */
  menu: MenuPlacement | false;
};

/** The engine's columns every resource has. */
export type BaseFieldKey =
  | 'id'
  | 'tenantId'
  | 'createUser'
  | 'createDept'
  | 'createTime'
  | 'updateUser'
  | 'updateTime'
  | 'status'
  | 'isDeleted';

/**
 * A registered resource. `F` keeps the definition's field keys, so code that names a column
 * (`sqlOf(user).c.account`) stops compiling when the field is renamed.
 */
export type Resource<F extends Record<string, FieldDef> = Record<string, FieldDef>> = Omit<ResourceDef, 'menu' | 'fields'> & {
  fields: F;
  /** Every field including the engine's base columns, in column order. */
  allFields: Record<BaseFieldKey, FieldDef> & F;
  routes: ResourceRoute[];
  /** The menu placement with its path and icon filled in, or `false`. */
  menu: ScreenPlacement | false;
};

const L = (zh: string, en: string): Label => ({ zh, en });

/** Columns every resource gets; filled by the engine, never by the client. */
export function baseFields(def: Pick<ResourceDef, 'tenant'>): Record<string, FieldDef> {
  return {
    id: { type: 'ref', label: L('主键', 'ID'), serverOnly: true, form: false },
    ...(def.tenant ? { tenantId: { type: 'string', label: L('租户ID', 'Tenant ID'), max: 12, serverOnly: true, form: false } } : {}),
    createUser: { type: 'ref', label: L('创建人', 'Created by'), serverOnly: true, form: false },
    createDept: { type: 'ref', label: L('创建部门', 'Creating dept'), serverOnly: true, form: false },
    createTime: { type: 'datetime', label: L('创建时间', 'Created at'), serverOnly: true, form: false },
    updateUser: { type: 'ref', label: L('修改人', 'Updated by'), serverOnly: true, form: false },
    updateTime: { type: 'datetime', label: L('修改时间', 'Updated at'), serverOnly: true, form: false },
    status: { type: 'int', label: L('状态', 'Status'), serverOnly: true, form: false, default: 1 },
    isDeleted: { type: 'int', label: L('是否已删除', 'Deleted'), serverOnly: true, form: false, default: 0 },
  };
}

export const baseFieldKeys = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
];

/**
 * Declares a resource once; server, database and web derive everything else from it.
 * @example
 * export const post = defineResource({ name: 'post', table: 'blade_post', api: '/api/blade-system/post', … })
 */
export function defineResource<F extends Record<string, FieldDef>>(def: Omit<ResourceDef, 'fields'> & { fields: F }): Resource<F> {
  for (const key of Object.keys(def.fields)) {
    // `tenantId` is free where the engine adds no tenant column: the tenant table names its own code so.
    if (baseFieldKeys.includes(key) && key !== 'status' && !(key === 'tenantId' && !def.tenant))
      throw new Error(`${def.name}: field ${key} is a base column`);
  }
  if (def.tree && !def.fields[def.tree.parentField]) throw new Error(`${def.name}: tree parent field missing`);
  if (def.builtIn && !def.fields[def.builtIn]) throw new Error(`${def.name}: built-in flag field missing`);
  const base = baseFields(def);
  const allFields = { ...base, ...def.fields };
  if (def.tenantCodeField && !def.fields[def.tenantCodeField]) throw new Error(`${def.name}: tenant code field missing`);
  for (const key of Object.values(def.dataScope ?? {})) {
    if (!allFields[key]) throw new Error(`${def.name}: data scope field ${key} missing`);
  }
  const routes =
    def.routes ??
    (def.tree
      ? (['page', 'list', 'detail', 'submit', 'remove', 'tree', 'lazy-tree'] as ResourceRoute[])
      : (['page', 'list', 'detail', 'submit', 'remove'] as ResourceRoute[]));
  return { ...def, allFields: allFields as Record<BaseFieldKey, FieldDef> & F, routes, menu: def.menu && placeScreen(def.name, def.menu) };
}

/** The generic list screen fits: the resource answers `page` or `list`. */
export const hasListRoutes = (r: Pick<Resource, 'routes'>) => r.routes.includes('page') || r.routes.includes('list');

export function columnOf(key: string, field: FieldDef): string {
  return field.column ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Fields a client may write. */
export function writableFields(r: Resource): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, f]) => !f.serverOnly);
}

/** Fields a client may read (and therefore filter and sort on). */
export function readableFields(r: Resource): [string, FieldDef][] {
  return Object.entries(r.allFields).filter(([, f]) => f.type !== 'password');
}
