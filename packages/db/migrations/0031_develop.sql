-- generated from the resource definitions by npm run db:generate
create table "blade_model" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "datasource_id" bigint,
  "model_table" varchar(64),
  "model_name" varchar(100),
  "model_class" varchar(64),
  "model_code" varchar(64),
  "model_remark" text
);

create index "blade_model_list_ix" on "blade_model" ("is_deleted", "create_time", "id");

create table "blade_model_prototype" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "model_id" bigint,
  "jdbc_name" varchar(64),
  "jdbc_type" varchar(64),
  "property_name" varchar(64),
  "property_type" varchar(64) default 'String',
  "comment" varchar(100),
  "is_list" integer default 1,
  "is_form" integer default 1,
  "is_row" integer default 0,
  "is_required" integer default 0,
  "component_type" varchar(64) default 'input',
  "dict_code" varchar(64),
  "is_query" integer default 0,
  "query_type" varchar(64) default 'equal',
  "sort" integer default 0
);

create index "blade_model_prototype_list_ix" on "blade_model_prototype" ("is_deleted", "sort", "id");

create unique index "blade_model_prototype_model_id_jdbc_name_ux" on "blade_model_prototype" ("model_id", "jdbc_name") where is_deleted = 0;

create table "blade_code" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "model_id" bigint,
  "code_name" varchar(64),
  "service_name" varchar(64),
  "table_name" varchar(64),
  "table_prefix" varchar(32),
  "pk_name" varchar(32) default 'id',
  "package_name" varchar(64),
  "menu_group" varchar(64) default 'system',
  "template_type" varchar(64) default 'crud',
  "author" varchar(64),
  "tree_id" varchar(64),
  "tree_pid" varchar(64),
  "tree_name" varchar(64),
  "sub_model_id" bigint,
  "sub_fk_id" varchar(64),
  "gen_hooks" integer default 1,
  "gen_screen" integer default 1,
  "base_mode" integer default 2,
  "wrap_mode" integer default 2,
  "feign_mode" integer default 1,
  "code_style" varchar(64) default 'saber',
  "api_path" varchar(200) default 'apps/server/src/resources',
  "web_path" varchar(200) default 'apps/web/src/resources'
);

create index "blade_code_list_ix" on "blade_code" ("is_deleted", "create_time", "id");
