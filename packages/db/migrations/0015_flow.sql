-- generated from the resource definitions by npm run db:generate
create table "mat_wf_version" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" varchar(19),
  "flow_def_id" varchar(32),
  "version_code" varchar(10),
  "start_time" date,
  "end_time" date,
  "process_start_notice_url" varchar(100),
  "process_end_notice_url" varchar(100),
  "note" varchar(100)
);

create index "mat_wf_version_list_ix" on "mat_wf_version" ("tenant_id", "is_deleted", "item_id", "id");

create table "mat_wf_element" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" varchar(19),
  "version_id" bigint,
  "user_task_id" varchar(64),
  "element_level" integer,
  "transactor_region_level" integer,
  "transactor" varchar(500),
  "transactor_names" varchar(500),
  "biz_type" varchar(32),
  "dept_type" varchar(32),
  "basic_form" varchar(32),
  "manage_form_weixin" varchar(32),
  "public_form_pc" varchar(32),
  "default_form_weixin" varchar(32),
  "if_permit_batch" integer default 0,
  "batch_from" varchar(32),
  "handle_from_setting" varchar(500),
  "handle_from_setting_weixin" varchar(500),
  "time_limit_warning" integer,
  "time_limit_user_task" integer,
  "if_automatic_suspend" integer default 0,
  "suspend_type" integer,
  "if_suspend_audit" integer default 0,
  "time_limit_suspend_waring" integer,
  "time_limit_suspend" integer,
  "reported_info" varchar(500),
  "order_number" integer,
  "note" text
);

create index "mat_wf_element_list_ix" on "mat_wf_element" ("tenant_id", "is_deleted", "order_number", "id");

create unique index "mat_wf_element_version_id_user_task_id_ux" on "mat_wf_element" ("tenant_id", "version_id", "user_task_id") where is_deleted = 0;

create table "mat_wf_element_transactor" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" bigint,
  "transactor_type" integer,
  "transactor_info" varchar(64),
  "order_num" integer
);

create index "mat_wf_element_transactor_list_ix" on "mat_wf_element_transactor" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_wf_element_gateway_condition" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" bigint,
  "sequence_flow_id" varchar(64),
  "gateway_condition_info" varchar(500)
);

create index "mat_wf_element_gateway_condition_list_ix" on "mat_wf_element_gateway_condition" ("tenant_id", "is_deleted", "create_time", "id");
