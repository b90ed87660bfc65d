-- generated from the resource definitions by npm run db:generate
create table "blade_com_user" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "account" varchar(45),
  "real_name" varchar(20),
  "phone" varchar(11),
  "id_card" varchar(18),
  "sex" integer,
  "email" varchar(45),
  "remark" text
);

create index "blade_com_user_list_ix" on "blade_com_user" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "blade_com_user_account_ux" on "blade_com_user" ("tenant_id", "account") where is_deleted = 0;

create table "bm_sys_operation_time" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "name" varchar(100),
  "operation_time" integer,
  "is_stop" integer default 0,
  "remark" text
);

create index "bm_sys_operation_time_list_ix" on "bm_sys_operation_time" ("tenant_id", "is_deleted", "create_time", "id");

create table "bm_domain_sys" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "sys_name" varchar(100),
  "sys_code" varchar(64),
  "sys_url" varchar(500),
  "source" varchar(100),
  "sort" integer,
  "remark" text
);

create index "bm_domain_sys_list_ix" on "bm_domain_sys" ("is_deleted", "sort", "id");

create unique index "bm_domain_sys_sys_code_ux" on "bm_domain_sys" ("sys_code") where is_deleted = 0;

create table "bm_domain_sys_menu" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "sys_id" bigint,
  "menu_id" bigint
);

create index "bm_domain_sys_menu_list_ix" on "bm_domain_sys_menu" ("sys_id", "id");

create unique index "bm_domain_sys_menu_sys_id_menu_id_ux" on "bm_domain_sys_menu" ("sys_id", "menu_id");
