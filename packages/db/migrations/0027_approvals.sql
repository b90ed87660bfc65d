-- generated from the resource definitions by npm run db:generate
create table "biz_apply" (
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
  "mathf_version_id" varchar(19),
  "item_name" varchar(100),
  "item_no" varchar(64),
  "process_instance_id" varchar(19),
  "applicant_name" varchar(50),
  "applicant_id_card" varchar(18),
  "applicant_phone" varchar(20),
  "applicant_address" varchar(200),
  "region_id" varchar(32),
  "form_data" text,
  "apply_status" varchar(64),
  "source" varchar(64),
  "real_cur_activity_id" varchar(255),
  "real_cur_activity_name" varchar(255),
  "prev_activity_name" varchar(255),
  "cur_task_id" varchar(19),
  "register_people" varchar(50),
  "register_dept_name" varchar(100),
  "accept_date" timestamptz,
  "legal_deadline" date,
  "promise_deadline" date,
  "cur_activity_deadline_date" timestamptz,
  "cur_activity_warn_date" timestamptz,
  "notice_state" integer default 0,
  "suspend_start" timestamptz,
  "suspended_days" integer default 0,
  "last_decision" varchar(16),
  "reason" varchar(1000),
  "finish_time" timestamptz
);

create index "biz_apply_list_ix" on "biz_apply" ("tenant_id", "is_deleted", "create_time", "id");

create index "biz_apply_process_instance_id_ix" on "biz_apply" ("tenant_id", "process_instance_id", "id");

create index "biz_apply_apply_status_ix" on "biz_apply" ("tenant_id", "apply_status", "id");

create table "biz_apply_member" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "apply_id" varchar(19),
  "member_name" varchar(50),
  "member_id_card" varchar(18),
  "relation" varchar(20),
  "member_phone" varchar(20)
);

create index "biz_apply_member_list_ix" on "biz_apply_member" ("tenant_id", "is_deleted", "create_time", "id");

create index "biz_apply_member_apply_id_ix" on "biz_apply_member" ("tenant_id", "apply_id", "id");

create table "biz_opinion" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "apply_id" varchar(19),
  "task_id" varchar(19),
  "activity_id" varchar(255),
  "activity_name" varchar(255),
  "button_id" varchar(50),
  "button_name" varchar(100),
  "action" varchar(32),
  "content" text,
  "user_name" varchar(50),
  "dept_name" varchar(100),
  "is_draft" integer default 0
);

create index "biz_opinion_list_ix" on "biz_opinion" ("tenant_id", "is_deleted", "create_time", "id");

create index "biz_opinion_apply_id_ix" on "biz_opinion" ("tenant_id", "apply_id", "id");

create table "biz_apply_suspension" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "apply_id" bigint not null,
  "task_id" bigint,
  "kind" varchar(16) not null,
  "reason" varchar(1000),
  "requested_by" varchar(64) not null,
  "start_time" timestamptz not null,
  "end_time" timestamptz,
  "paused_days" integer,
  "resumed_by" varchar(64)
);

create index "biz_apply_suspension_apply_ix" on "biz_apply_suspension" ("apply_id", "start_time");

create table "biz_apply_view_log" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "apply_id" bigint not null,
  "user_id" varchar(64) not null,
  "user_name" varchar(64),
  "view_time" timestamptz not null,
  "what" varchar(255) not null
);

create index "biz_apply_view_log_apply_ix" on "biz_apply_view_log" ("tenant_id", "apply_id", "view_time");
