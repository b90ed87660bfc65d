-- generated from the resource definitions by npm run db:generate
create table "com_formul" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "formula_name" varchar(100),
  "formula_code" varchar(50),
  "formula_content" text,
  "note" text
);

create index "com_formul_list_ix" on "com_formul" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "com_formul_formula_code_ux" on "com_formul" ("tenant_id", "formula_code") where is_deleted = 0;

create table "com_survey" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "survey_name" varchar(100),
  "survey_code" varchar(50),
  "formula_id" bigint,
  "survey_fields" text,
  "order_num" integer,
  "note" text
);

create index "com_survey_list_ix" on "com_survey" ("tenant_id", "is_deleted", "order_num", "id");

create index "com_survey_parent_ix" on "com_survey" ("parent_id");

create unique index "com_survey_survey_code_ux" on "com_survey" ("tenant_id", "survey_code") where is_deleted = 0;

create table "con_level_calc" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "survey_id" bigint,
  "level_name" varchar(50),
  "level_code" varchar(50),
  "min_score" numeric(20,6),
  "max_score" numeric(20,6),
  "note" text
);

create index "con_level_calc_list_ix" on "con_level_calc" ("tenant_id", "is_deleted", "min_score", "id");

create table "mat_int_catalogue_type" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "catalogue_name" varchar(100),
  "catalogue_code" varchar(32),
  "order_num" integer,
  "is_start" integer default 0,
  "is_enabled" integer default 1,
  "if_final_stage" integer default 0,
  "is_system" integer default 0,
  "catalogue_icon" varchar(100),
  "organ_type_pty" varchar(64),
  "note" text
);

create index "mat_int_catalogue_type_list_ix" on "mat_int_catalogue_type" ("tenant_id", "is_deleted", "order_num", "id");

create index "mat_int_catalogue_type_parent_ix" on "mat_int_catalogue_type" ("parent_id");

create unique index "mat_int_catalogue_type_catalogue_code_ux" on "mat_int_catalogue_type" ("tenant_id", "catalogue_code") where is_deleted = 0;

create table "mat_int_element" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "catalogue_type" bigint,
  "item_name" varchar(50),
  "item_no" varchar(50),
  "item_type" varchar(64),
  "event_type" varchar(64),
  "apply_type" varchar(64),
  "item_status" integer default 0,
  "deadline_legal" integer,
  "deadline_promise" integer,
  "warning_times" integer,
  "table_name" varchar(64),
  "default_form" varchar(32),
  "public_form_pc" varchar(32),
  "detail_form" varchar(32),
  "default_form_weixin" varchar(32),
  "manage_form_weixin" varchar(32),
  "hall_id" varchar(32),
  "region_level" integer,
  "role_ids" varchar(500),
  "formula_id" bigint,
  "process_def_key" varchar(64),
  "process_ids" varchar(500),
  "note" text
);

create index "mat_int_element_list_ix" on "mat_int_element" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_int_element_item_no_ux" on "mat_int_element" ("tenant_id", "item_no") where is_deleted = 0;

create table "mat_int_service_info" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "content" text,
  "note" text
);

create index "mat_int_service_info_list_ix" on "mat_int_service_info" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_int_service_info_item_id_ux" on "mat_int_service_info" ("tenant_id", "item_id") where is_deleted = 0;

create table "mat_int_condition" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "condition_no" varchar(50),
  "condition_info" text,
  "order_number" integer,
  "note" text
);

create index "mat_int_condition_list_ix" on "mat_int_condition" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_int_address" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "address_org" varchar(200),
  "address_name" varchar(200),
  "address_floor" varchar(50),
  "window_address_name" varchar(100),
  "window_address" varchar(200),
  "phone_consulting" varchar(50),
  "phone_supervise" varchar(50),
  "addressee" varchar(50),
  "addressee_phone" varchar(50),
  "email_address" varchar(100),
  "post_card" varchar(6),
  "traffic_info" text,
  "map_url" varchar(500),
  "website_address" varchar(500),
  "coord_longitude" numeric(20,6),
  "coord_latitude" numeric(20,6),
  "order_number" integer,
  "note" text
);

create index "mat_int_address_list_ix" on "mat_int_address" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_int_laws" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "laws_name" varchar(200),
  "laws_no" varchar(100),
  "laws_terms_name" varchar(100),
  "laws_terms_info" text,
  "laws_org" varchar(100),
  "laws_url" varchar(500),
  "order_number" integer,
  "note" text
);

create index "mat_int_laws_list_ix" on "mat_int_laws" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_int_procedures" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "procedures_name" varchar(30),
  "order_number" integer,
  "procedures_info" varchar(150),
  "procedures_content" text,
  "note" text
);

create index "mat_int_procedures_list_ix" on "mat_int_procedures" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_int_region_mapping" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "region_id" bigint,
  "region_name" varchar(64),
  "note" text
);

create index "mat_int_region_mapping_list_ix" on "mat_int_region_mapping" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "mat_int_region_mapping_item_id_region_id_ux" on "mat_int_region_mapping" ("tenant_id", "item_id", "region_id") where is_deleted = 0;

create table "mat_int_flow_chart" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "item_id" bigint,
  "flow_chart_url" varchar(1000),
  "note" text
);

create index "mat_int_flow_chart_list_ix" on "mat_int_flow_chart" ("tenant_id", "is_deleted", "create_time", "id");

create table "mat_int_workday" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "work_date" date,
  "is_workday" integer,
  "note" text
);

create index "mat_int_workday_list_ix" on "mat_int_workday" ("tenant_id", "is_deleted", "work_date", "id");

create unique index "mat_int_workday_work_date_ux" on "mat_int_workday" ("tenant_id", "work_date") where is_deleted = 0;
