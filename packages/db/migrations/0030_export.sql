-- generated from the resource definitions by npm run db:generate
create table "dw_export_template" (
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
  "resource_name" varchar(64),
  "columns" text,
  "filters" text,
  "remark" text
);

create index "dw_export_template_list_ix" on "dw_export_template" ("tenant_id", "is_deleted", "create_time", "id");

create table "dw_export_file" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "template_id" varchar(19),
  "file_name" varchar(200),
  "resource_name" varchar(64),
  "export_status" integer default 0,
  "progress" integer default 0,
  "total" integer default 0,
  "file_size" integer,
  "file_link" varchar(500),
  "error_msg" varchar(500),
  "finish_time" timestamptz,
  "job" text
);

create index "dw_export_file_list_ix" on "dw_export_file" ("tenant_id", "is_deleted", "create_time", "id");

create index "dw_export_file_create_user_create_time_ix" on "dw_export_file" ("tenant_id", "create_user", "create_time", "id");
