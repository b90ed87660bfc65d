-- generated from the resource definitions by npm run db:generate
create table "dw_sys_pw_strategy" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "min_length" integer default 8,
  "need_upper" integer default 1,
  "need_lower" integer default 1,
  "need_digit" integer default 1,
  "need_special" integer default 0,
  "expire_days" integer default 0,
  "history_count" integer default 0,
  "remark" text
);

create index "dw_sys_pw_strategy_list_ix" on "dw_sys_pw_strategy" ("tenant_id", "create_time", "id");

create table "blade_user_oper_log" (
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
  "dept_name" varchar(255),
  "content" text,
  "audit_status" integer default 0,
  "audit_reason" varchar(255),
  "user_type" integer,
  "operator" varchar(45)
);

create index "blade_user_oper_log_list_ix" on "blade_user_oper_log" ("tenant_id", "update_time", "id");

create table "blade_password_history" (
  "id" bigint primary key,
  "user_id" bigint not null,
  "hash" varchar(255) not null,
  "create_time" timestamptz not null default now()
);

create index "blade_password_history_user_ix" on "blade_password_history" ("user_id", "create_time");
