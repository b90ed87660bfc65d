-- generated from the resource definitions by npm run db:generate
create table "mat_int_materials_template" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "template_name" varchar(100),
  "template_url" varchar(1000),
  "is_sys" integer default 0,
  "order_num" integer,
  "note" text
);

create index "mat_int_materials_template_list_ix" on "mat_int_materials_template" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_int_materials" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" varchar(32),
  "materials_name" varchar(100),
  "template_id" bigint,
  "materials_type" integer,
  "apply_type" integer,
  "materials_source" integer,
  "if_required" integer default 1,
  "if_electronic_materials" integer default 0,
  "number_original" integer,
  "number_copy" integer,
  "file_format" varchar(50),
  "materials_instructions" varchar(100),
  "materials_org" text,
  "accept_standard" text,
  "materials_requirement" text,
  "order_number" integer,
  "demonstration_url" varchar(1000),
  "empty_url" varchar(1000),
  "is_browse" integer default 0,
  "is_must_upload" integer default 1,
  "file_upload_mode" integer,
  "is_batch_upload" integer default 0,
  "note" text
);

create index "mat_int_materials_list_ix" on "mat_int_materials" ("tenant_id", "is_deleted", "order_number", "id");

create index "mat_int_materials_item_id_ix" on "mat_int_materials" ("tenant_id", "item_id", "id");

create table "mat_wf_element_materials" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" varchar(32),
  "int_materials_id" bigint,
  "materials_name" varchar(100),
  "is_browse" integer default 0,
  "is_must_upload" integer default 1,
  "file_upload_mode" integer,
  "is_batch_upload" integer default 0,
  "order_number" integer,
  "note" text
);

create index "mat_wf_element_materials_list_ix" on "mat_wf_element_materials" ("tenant_id", "is_deleted", "order_number", "id");

create unique index "mat_wf_element_materials_element_id_int_materials_id_ux" on "mat_wf_element_materials" ("tenant_id", "element_id", "int_materials_id") where is_deleted = 0;

create index "mat_wf_element_materials_element_id_ix" on "mat_wf_element_materials" ("tenant_id", "element_id", "id");

create table "mat_int_writer" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "writer_no" varchar(100),
  "writer_name" varchar(200),
  "writer_level" integer,
  "writer_type" integer default 9,
  "order_number" integer,
  "writer_format" text,
  "writer_url" varchar(1000),
  "note" text
);

create index "mat_int_writer_list_ix" on "mat_int_writer" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_print_template" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "template_name" varchar(100),
  "template_code" varchar(64),
  "group_num" varchar(32),
  "template_content" text,
  "note" text
);

create index "mat_print_template_list_ix" on "mat_print_template" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_print_template_template_code_ux" on "mat_print_template" ("tenant_id", "template_code") where is_deleted = 0;

create table "mat_wf_print" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "template_id" bigint,
  "region_level" integer,
  "print_num" integer,
  "is_stop" integer default 0
);

create index "mat_wf_print_list_ix" on "mat_wf_print" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_wf_print_template_id_region_level_ux" on "mat_wf_print" ("tenant_id", "template_id", "region_level") where is_deleted = 0;

create table "mat_print_sql" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "menu_id" bigint,
  "name" varchar(100),
  "order_number" integer,
  "sql" text,
  "note" varchar(100)
);

create index "mat_print_sql_list_ix" on "mat_print_sql" ("tenant_id", "is_deleted", "order_number", "id");

create index "mat_print_sql_menu_id_ix" on "mat_print_sql" ("tenant_id", "menu_id", "id");
