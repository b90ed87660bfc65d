-- generated from the resource definitions by npm run db:generate
create table "wf_model" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "model_key" varchar(64) not null,
  "name" varchar(255) not null,
  "description" varchar(1000),
  "xml" text not null,
  "version" integer not null default 1,
  "model_type" integer not null default 0,
  "create_user" bigint,
  "create_time" timestamptz not null default now(),
  "update_time" timestamptz not null default now(),
  "is_deleted" integer not null default 0
);

create unique index "wf_model_key_ux" on "wf_model" ("tenant_id", "model_key") where is_deleted = 0;

create index "wf_model_list_ix" on "wf_model" ("tenant_id", "is_deleted", "update_time", "id");

create table "wf_definition" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "deployment_id" bigint not null,
  "process_key" varchar(255) not null,
  "name" varchar(255),
  "category" varchar(64),
  "version" integer not null,
  "resource_name" varchar(255),
  "xml" text not null,
  "suspension_state" integer not null default 1,
  "deployed_by" bigint,
  "deploy_time" timestamptz not null default now()
);

create unique index "wf_definition_key_version_ux" on "wf_definition" ("tenant_id", "process_key", "version");

create index "wf_definition_deployment_ix" on "wf_definition" ("deployment_id");

create index "wf_definition_list_ix" on "wf_definition" ("tenant_id", "deploy_time", "id");

create table "wf_instance" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "definition_id" bigint not null,
  "process_key" varchar(255) not null,
  "status" varchar(16) not null,
  "suspended_at" timestamptz,
  "business_table" varchar(64),
  "business_key" varchar(64),
  "start_user" varchar(64),
  "start_user_name" varchar(64),
  "start_dept" bigint,
  "started_at" timestamptz not null,
  "ended_at" timestamptz,
  "end_reason" varchar(500),
  "vars" jsonb not null default '{}',
  "parent_instance_id" bigint,
  "parent_token_id" bigint
);

create index "wf_instance_starter_ix" on "wf_instance" ("tenant_id", "start_user", "started_at", "id");

create index "wf_instance_list_ix" on "wf_instance" ("tenant_id", "started_at", "id");

create index "wf_instance_definition_ix" on "wf_instance" ("definition_id", "status");

create index "wf_instance_parent_ix" on "wf_instance" ("parent_instance_id") where parent_instance_id is not null;

create table "wf_task" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "node_id" varchar(255) not null,
  "scope_id" bigint,
  "name" varchar(255),
  "kind" varchar(16) not null default 'task',
  "parent_task_id" bigint,
  "status" varchar(16) not null default 'open',
  "assignee" varchar(64),
  "owner" varchar(64),
  "candidates" jsonb not null default '[]',
  "form_key" varchar(255),
  "due_at" timestamptz,
  "created_at" timestamptz not null,
  "claim_time" timestamptz,
  "end_time" timestamptz,
  "completed_by" varchar(64),
  "comment" varchar(2000),
  "flag" varchar(16),
  "loop_counter" integer,
  "local_vars" jsonb,
  "waiting" boolean not null default false,
  "sign_after" jsonb not null default '[]'
);

create index "wf_task_instance_ix" on "wf_task" ("instance_id", "status");

create index "wf_task_todo_ix" on "wf_task" ("tenant_id", "assignee", "created_at", "id") where status = 'open';

create index "wf_task_done_ix" on "wf_task" ("tenant_id", "completed_by", "end_time", "id") where completed_by is not null;

create table "wf_task_candidate" (
  "task_id" bigint not null,
  "tenant_id" varchar(12) not null,
  "kind" varchar(16) not null,
  "value" varchar(64) not null
);

create unique index "wf_task_candidate_ux" on "wf_task_candidate" ("task_id", "kind", "value");

create index "wf_task_candidate_who_ix" on "wf_task_candidate" ("tenant_id", "kind", "value", "task_id");

create table "wf_token" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "node_id" varchar(255) not null,
  "scope_id" bigint,
  "kind" varchar(16) not null,
  "via_flow" varchar(255),
  "created_at" timestamptz not null
);

create index "wf_token_instance_ix" on "wf_token" ("instance_id");

create table "wf_scope" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "node_id" varchar(255) not null,
  "parent_scope_id" bigint,
  "kind" varchar(16) not null,
  "vars" jsonb not null default '{}',
  "items" jsonb,
  "created_at" timestamptz not null
);

create index "wf_scope_instance_ix" on "wf_scope" ("instance_id");

create table "wf_job" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "kind" varchar(16) not null,
  "node_id" varchar(255) not null,
  "scope_id" bigint,
  "due_at" timestamptz not null,
  "interrupting" boolean not null default true,
  "task_id" bigint,
  "token_id" bigint,
  "attached_scope_id" bigint,
  "round" integer not null default 0,
  "attempts" integer not null default 0,
  "last_error" varchar(1000)
);

create index "wf_job_due_ix" on "wf_job" ("due_at");

create index "wf_job_instance_ix" on "wf_job" ("instance_id");

create table "wf_history" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "seq" integer not null,
  "type" varchar(16) not null,
  "node_id" varchar(255),
  "node_name" varchar(255),
  "node_type" varchar(32),
  "scope_id" bigint,
  "task_id" bigint,
  "flow_id" varchar(255),
  "actor" varchar(64),
  "opinion" varchar(2000),
  "outcome" varchar(32),
  "at" timestamptz not null,
  "data" jsonb
);

create index "wf_history_instance_ix" on "wf_history" ("instance_id", "seq");

create table "wf_cc" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "instance_id" bigint not null,
  "task_id" bigint,
  "user_id" varchar(64) not null,
  "from_user" varchar(64),
  "create_time" timestamptz not null default now(),
  "read_time" timestamptz
);

create index "wf_cc_user_ix" on "wf_cc" ("tenant_id", "user_id", "create_time", "id");

create table "wf_notice" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "user_id" varchar(64) not null,
  "title" varchar(255) not null,
  "instance_id" bigint not null,
  "task_id" bigint,
  "create_time" timestamptz not null,
  "read_time" timestamptz
);

create index "wf_notice_user_ix" on "wf_notice" ("tenant_id", "user_id", "create_time", "id");

create table "wf_leave" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "process_definition_id" bigint not null,
  "process_instance_id" bigint,
  "leave_type" varchar(32),
  "start_time" timestamptz not null,
  "end_time" timestamptz not null,
  "days" integer not null,
  "reason" varchar(1000) not null,
  "task_user" varchar(64),
  "apply_user" varchar(64) not null,
  "apply_user_name" varchar(64),
  "create_time" timestamptz not null default now()
);

create index "wf_leave_instance_ix" on "wf_leave" ("process_instance_id");
