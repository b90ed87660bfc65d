-- generated from the resource definitions by npm run db:generate
create table "bms_query_type" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "type_name" varchar(50),
  "type_code" varchar(35),
  "order_num" integer,
  "note" varchar(500)
);

create index "bms_query_type_list_ix" on "bms_query_type" ("tenant_id", "is_deleted", "order_num", "id");

create unique index "bms_query_type_type_name_ux" on "bms_query_type" ("tenant_id", "type_name") where is_deleted = 0;

create table "bms_query_list" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "custom_name" varchar(50),
  "custom_no" varchar(35),
  "type_id" bigint,
  "is_sys" integer default 0,
  "content" text,
  "note" text
);

create index "bms_query_list_list_ix" on "bms_query_list" ("tenant_id", "create_time", "id");

create unique index "bms_query_list_custom_no_ux" on "bms_query_list" ("tenant_id", "custom_no");

create index "bms_query_list_type_id_ix" on "bms_query_list" ("tenant_id", "type_id", "id");

create table "bms_query_condition" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "query_id" bigint,
  "condition_name" varchar(50),
  "param_name" varchar(50),
  "condition_type" varchar(64) default 'input',
  "dict_code" varchar(64),
  "is_required" integer default 0,
  "default_value" varchar(200),
  "order_num" integer
);

create index "bms_query_condition_list_ix" on "bms_query_condition" ("tenant_id", "order_num", "id");

create unique index "bms_query_condition_query_id_param_name_ux" on "bms_query_condition" ("tenant_id", "query_id", "param_name");

create index "bms_query_condition_query_id_ix" on "bms_query_condition" ("tenant_id", "query_id", "id");

create table "bms_query_tab_detail" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "query_id" bigint,
  "field_name" varchar(64),
  "field_label" varchar(50),
  "width" integer,
  "is_show" integer default 1,
  "order_num" integer
);

create index "bms_query_tab_detail_list_ix" on "bms_query_tab_detail" ("tenant_id", "order_num", "id");

create unique index "bms_query_tab_detail_query_id_field_name_ux" on "bms_query_tab_detail" ("tenant_id", "query_id", "field_name");

create index "bms_query_tab_detail_query_id_ix" on "bms_query_tab_detail" ("tenant_id", "query_id", "id");

create table "blade_report_template" (
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
  "code" varchar(16),
  "print_sql_id" bigint,
  "chart_type" varchar(64) default 'bar',
  "note" varchar(100),
  "attach_path_name" varchar(200)
);

create index "blade_report_template_list_ix" on "blade_report_template" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "blade_report_template_code_ux" on "blade_report_template" ("tenant_id", "code") where is_deleted = 0;
