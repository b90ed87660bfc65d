-- generated from the resource definitions by npm run db:generate
create table "blade_log_usual" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "service_id" varchar(32),
  "server_host" varchar(255),
  "server_ip" varchar(255),
  "env" varchar(255),
  "log_level" varchar(10),
  "log_id" varchar(100),
  "request_uri" varchar(255),
  "user_agent" varchar(1000),
  "log_data" text,
  "params" text,
  "create_by" varchar(64)
);

create index "blade_log_usual_list_ix" on "blade_log_usual" ("create_time", "id");

create table "blade_log_error" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "service_id" varchar(32),
  "server_host" varchar(255),
  "server_ip" varchar(255),
  "env" varchar(255),
  "method" varchar(10),
  "request_uri" varchar(255),
  "user_agent" varchar(1000),
  "exception_name" varchar(255),
  "message" text,
  "stack_trace" text,
  "params" text,
  "remote_ip" varchar(255),
  "create_by" varchar(64)
);

create index "blade_log_error_list_ix" on "blade_log_error" ("tenant_id", "create_time", "id");
