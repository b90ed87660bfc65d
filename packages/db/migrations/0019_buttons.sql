-- generated from the resource definitions by npm run db:generate
create table "mat_wf_page_configure" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "flag" varchar(32),
  "page_tabname" varchar(20),
  "page_taburl" varchar(500),
  "is_sys" integer default 0,
  "is_save" integer default 0,
  "is_verification" integer default 0,
  "order_num" integer
);

create index "mat_wf_page_configure_list_ix" on "mat_wf_page_configure" ("tenant_id", "is_deleted", "flag", "id");

create table "mat_wf_local_button" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "local_button_name" varchar(50),
  "local_button_type" integer,
  "local_button_style" varchar(50),
  "local_button_color" varchar(20),
  "local_button_value" varchar(50),
  "local_button_method" text,
  "local_button_method_for_weixin" text,
  "local_button_page_setting" text,
  "order_number" integer,
  "remarks" text
);

create index "mat_wf_local_button_list_ix" on "mat_wf_local_button" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_wf_local_but_opts" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "local_button_id" bigint,
  "local_button_name" varchar(50),
  "order_number" integer,
  "but_opts_info" text,
  "is_default" integer default 0
);

create index "mat_wf_local_but_opts_list_ix" on "mat_wf_local_but_opts" ("tenant_id", "is_deleted", "order_number", "id");

create table "mat_wf_element_method" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "form_type_id" varchar(19),
  "method_name" varchar(100),
  "trigger_way" integer,
  "request_model" varchar(64) default 'sync',
  "order_num" integer,
  "method_url" varchar(2000),
  "note" text
);

create index "mat_wf_element_method_list_ix" on "mat_wf_element_method" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_wf_element_button" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" varchar(19),
  "local_button_id" bigint,
  "local_button_name" varchar(50),
  "local_button_type" integer,
  "element_button_name" varchar(100),
  "button_id" varchar(50),
  "trigger_way" integer,
  "trigger_method" bigint,
  "method_name" varchar(100),
  "param" text,
  "order_num" integer
);

create index "mat_wf_element_button_list_ix" on "mat_wf_element_button" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_wf_element_electronic_sign" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" varchar(19),
  "print_id" varchar(19),
  "mat_int_materials_id" varchar(19),
  "associated_button_id" text,
  "signature_type" integer,
  "is_create" integer default 1,
  "is_signature" integer default 1,
  "is_download" integer default 0,
  "is_print" integer default 0,
  "show_opt_btn" integer default 0,
  "is_signature_number" integer default 0,
  "sign_number" integer,
  "sign_number_max" integer,
  "order_num" integer
);

create index "mat_wf_element_electronic_sign_list_ix" on "mat_wf_element_electronic_sign" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_wf_custom_handler" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" varchar(19),
  "handler_name" varchar(50),
  "user_ids" text,
  "order_num" integer,
  "note" text
);

create index "mat_wf_custom_handler_list_ix" on "mat_wf_custom_handler" ("tenant_id", "is_deleted", "order_num", "id");

create table "mat_wf_element_permission" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "element_id" varchar(19),
  "form_id" varchar(19),
  "field_name" varchar(64),
  "field_label" varchar(100),
  "permission" integer default 2,
  "order_num" integer
);

create index "mat_wf_element_permission_list_ix" on "mat_wf_element_permission" ("tenant_id", "is_deleted", "order_num", "id");

create unique index "mat_wf_element_permission_element_id_form_id_field_name_ux" on "mat_wf_element_permission" ("tenant_id", "element_id", "form_id", "field_name") where is_deleted = 0;
