-- generated from the resource definitions by npm run db:generate
create table "mat_int_form_type" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "type_name" varchar(100),
  "type_code" varchar(64),
  "order_num" integer,
  "note" text
);

create index "mat_int_form_type_list_ix" on "mat_int_form_type" ("tenant_id", "is_deleted", "order_num", "id");

create index "mat_int_form_type_parent_ix" on "mat_int_form_type" ("parent_id");

create unique index "mat_int_form_type_type_code_ux" on "mat_int_form_type" ("tenant_id", "type_code") where is_deleted = 0;

create table "mat_int_form" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "form_name" varchar(100),
  "form_url" varchar(2000),
  "form_type_id" bigint,
  "is_form" integer default 1,
  "is_save_verif" integer,
  "source_type" integer default 1,
  "publish_status" integer default 0,
  "latest_version" integer default 0,
  "table_name" varchar(64),
  "order_num" integer,
  "remarks" text
);

create index "mat_int_form_list_ix" on "mat_int_form" ("tenant_id", "is_deleted", "order_num", "id");

create index "mat_int_form_form_type_id_ix" on "mat_int_form" ("tenant_id", "form_type_id", "id");

create table "mat_int_form_version" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "form_id" bigint,
  "version_no" integer,
  "schema_json" text,
  "publish_time" timestamptz,
  "publish_user" bigint
);

create index "mat_int_form_version_list_ix" on "mat_int_form_version" ("tenant_id", "version_no", "id");

create unique index "mat_int_form_version_form_id_version_no_ux" on "mat_int_form_version" ("tenant_id", "form_id", "version_no");

create table "mat_int_form_detail" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "form_id" bigint,
  "parent_id" bigint not null default 0,
  "field_name" varchar(64),
  "field_label" varchar(100),
  "field_type" varchar(64),
  "is_required" integer default 0,
  "field_length" integer,
  "pattern" varchar(200),
  "pattern_message" varchar(100),
  "dict_code" varchar(64),
  "span" integer default 12,
  "order_num" integer,
  "note" varchar(200)
);

create index "mat_int_form_detail_list_ix" on "mat_int_form_detail" ("tenant_id", "is_deleted", "order_num", "id");

create index "mat_int_form_detail_parent_ix" on "mat_int_form_detail" ("parent_id");

create unique index "mat_int_form_detail_form_id_field_name_ux" on "mat_int_form_detail" ("tenant_id", "form_id", "field_name") where is_deleted = 0;

create table "form_def_conf" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "form_name" varchar(100),
  "form_code" varchar(64),
  "table_name" varchar(64),
  "fields_json" text,
  "note" text
);

create index "form_def_conf_list_ix" on "form_def_conf" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "form_def_conf_form_code_ux" on "form_def_conf" ("tenant_id", "form_code") where is_deleted = 0;

create table "mat_int_scope" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "scope_type" integer,
  "target_id" varchar(32),
  "region_id" bigint,
  "role_id" bigint,
  "note" text
);

create index "mat_int_scope_list_ix" on "mat_int_scope" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_int_scope_scope_type_target_id_region_id_role_id_ux" on "mat_int_scope" ("tenant_id", "scope_type", "target_id", "region_id", "role_id") where is_deleted = 0;
