-- generated from the resource definitions by npm run db:generate
drop index "blade_post_list_ix";

create index "blade_post_list_ix" on "blade_post" ("tenant_id", "is_deleted", "sort", "id");

drop index "blade_param_list_ix";

create index "blade_param_list_ix" on "blade_param" ("is_deleted", "param_key", "id");

drop index "blade_dict_list_ix";

drop index "blade_dict_code_ix";

create index "blade_dict_list_ix" on "blade_dict" ("is_deleted", "sort", "id");

create index "blade_dict_code_ix" on "blade_dict" ("code", "id");

drop index "blade_dict_biz_list_ix";

drop index "blade_dict_biz_code_ix";

create index "blade_dict_biz_list_ix" on "blade_dict_biz" ("tenant_id", "is_deleted", "sort", "id");

create index "blade_dict_biz_code_ix" on "blade_dict_biz" ("tenant_id", "code", "id");

drop index "blade_region_list_ix";

create index "blade_region_list_ix" on "blade_region" ("is_deleted", "code", "id");

create table "dw_area_sort" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "area_id" bigint,
  "sort" integer
);

create index "dw_area_sort_list_ix" on "dw_area_sort" ("tenant_id", "sort", "id");

create unique index "dw_area_sort_area_id_ux" on "dw_area_sort" ("tenant_id", "area_id");

drop index "blade_tenant_list_ix";

create index "blade_tenant_list_ix" on "blade_tenant" ("is_deleted", "tenant_id", "id");

drop index "blade_client_list_ix";

create index "blade_client_list_ix" on "blade_client" ("is_deleted", "client_id", "id");

drop index "blade_role_list_ix";

create index "blade_role_list_ix" on "blade_role" ("tenant_id", "is_deleted", "sort", "id");

drop index "blade_dept_list_ix";

create index "blade_dept_list_ix" on "blade_dept" ("tenant_id", "is_deleted", "sort", "id");

alter table "blade_user" add column "audit_reason" varchar(255);

alter table "blade_user" add column "oauth_id" varchar(64);

drop index "blade_user_list_ix";

create index "blade_user_list_ix" on "blade_user" ("tenant_id", "is_deleted", "sort", "id");

create table "blade_menu" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "code" varchar(64),
  "name" varchar(64),
  "alias" varchar(64),
  "path" varchar(255),
  "source" varchar(255),
  "sort" integer,
  "category" integer default 1,
  "action" integer default 0,
  "is_open" integer default 1,
  "fun_id" varchar(64),
  "remark" text
);

create index "blade_menu_list_ix" on "blade_menu" ("is_deleted", "sort", "id");

create index "blade_menu_parent_ix" on "blade_menu" ("parent_id");

create unique index "blade_menu_code_ux" on "blade_menu" ("code") where is_deleted = 0;

create table "blade_top_menu" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "code" varchar(64),
  "name" varchar(64),
  "source" varchar(255),
  "sort" integer
);

create index "blade_top_menu_list_ix" on "blade_top_menu" ("tenant_id", "is_deleted", "sort", "id");

create unique index "blade_top_menu_code_ux" on "blade_top_menu" ("tenant_id", "code") where is_deleted = 0;

create table "blade_scope_data" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "menu_id" bigint,
  "resource_code" varchar(64),
  "scope_name" varchar(64),
  "scope_field" varchar(255) default '*',
  "scope_class" varchar(500),
  "scope_column" varchar(64),
  "scope_type" integer,
  "scope_value" varchar(2000),
  "remark" text
);

create index "blade_scope_data_list_ix" on "blade_scope_data" ("is_deleted", "resource_code", "id");

create index "blade_scope_data_menu_id_ix" on "blade_scope_data" ("menu_id", "id");

create table "blade_scope_api" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "menu_id" bigint,
  "resource_code" varchar(64),
  "scope_name" varchar(64),
  "scope_path" varchar(255),
  "scope_type" integer,
  "remark" text
);

create index "blade_scope_api_list_ix" on "blade_scope_api" ("is_deleted", "resource_code", "id");

create index "blade_scope_api_menu_id_ix" on "blade_scope_api" ("menu_id", "id");

create table "blade_log_auth" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "account" varchar(64),
  "event_type" varchar(64),
  "result" varchar(64),
  "remote_ip" varchar(64),
  "user_agent" varchar(500),
  "message" varchar(500)
);

create index "blade_log_auth_list_ix" on "blade_log_auth" ("tenant_id", "create_time", "id");

create table "blade_log_front" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "type" varchar(32),
  "url" varchar(1000),
  "message" text,
  "stack" text,
  "time" varchar(32),
  "user_agent" varchar(500)
);

create index "blade_log_front_list_ix" on "blade_log_front" ("tenant_id", "create_time", "id");

create table "blade_log_api" (
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
  "type" varchar(2) default '1',
  "title" varchar(255),
  "method" varchar(10),
  "request_uri" varchar(255),
  "user_agent" varchar(1000),
  "remote_ip" varchar(255),
  "method_class" varchar(255),
  "method_name" varchar(255),
  "params" text,
  "time" varchar(64),
  "create_by" varchar(64)
);

create index "blade_log_api_list_ix" on "blade_log_api" ("tenant_id", "create_time", "id");

create index "blade_log_api_service_id_create_time_ix" on "blade_log_api" ("tenant_id", "service_id", "create_time", "id");

create table "dw_holiday_schedule" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "year" integer,
  "holidays_list" text,
  "is_steped" integer default 1
);

create index "dw_holiday_schedule_list_ix" on "dw_holiday_schedule" ("is_deleted", "year", "id");

create unique index "dw_holiday_schedule_year_ux" on "dw_holiday_schedule" ("year") where is_deleted = 0;

create table "dw_sys_dict_type" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "dict_name" varchar(100),
  "dict_type" varchar(64),
  "fnum" integer,
  "order_num" integer,
  "in_use" integer default 1,
  "is_sys" integer default 0,
  "fcode" varchar(64)
);

create index "dw_sys_dict_type_list_ix" on "dw_sys_dict_type" ("is_deleted", "order_num", "id");

create index "dw_sys_dict_type_parent_ix" on "dw_sys_dict_type" ("parent_id");

create unique index "dw_sys_dict_type_dict_type_ux" on "dw_sys_dict_type" ("dict_type") where is_deleted = 0;

create table "dw_sys_dict_detail" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "dict_type" varchar(64),
  "dict_key" varchar(64),
  "dict_value" varchar(128),
  "order_num" integer,
  "in_use" integer default 1,
  "remark" text
);

create index "dw_sys_dict_detail_list_ix" on "dw_sys_dict_detail" ("is_deleted", "order_num", "id");

create unique index "dw_sys_dict_detail_dict_type_dict_key_ux" on "dw_sys_dict_detail" ("dict_type", "dict_key") where is_deleted = 0;

create index "dw_sys_dict_detail_dict_type_ix" on "dw_sys_dict_detail" ("dict_type", "id");

create table "blade_tenant_package" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "package_name" varchar(50),
  "menu_id" text,
  "remark" text
);

create index "blade_tenant_package_list_ix" on "blade_tenant_package" ("is_deleted", "package_name", "id");

create unique index "blade_tenant_package_package_name_ux" on "blade_tenant_package" ("package_name") where is_deleted = 0;

create table "blade_datasource" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "name" varchar(100),
  "driver_class" varchar(64),
  "url" varchar(500),
  "username" varchar(100),
  "password" varchar(255),
  "remark" text
);

create index "blade_datasource_list_ix" on "blade_datasource" ("is_deleted", "name", "id");

create unique index "blade_datasource_name_ux" on "blade_datasource" ("name") where is_deleted = 0;

create table "blade_notice" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "title" varchar(255),
  "category" integer,
  "release_time" timestamptz,
  "content" text
);

create index "blade_notice_list_ix" on "blade_notice" ("tenant_id", "is_deleted", "update_time", "id");

create table "mat_wf_message_setting" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "message_id" varchar(64),
  "message_setting_name" varchar(100),
  "message_type" integer,
  "web_url" text,
  "is_stop" integer default 0,
  "note" text,
  "region_id" bigint
);

create index "mat_wf_message_setting_list_ix" on "mat_wf_message_setting" ("tenant_id", "is_deleted", "create_time", "id");

create table "blade_sms" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "category" integer default 0,
  "sms_code" varchar(32),
  "template_id" varchar(64),
  "access_key" varchar(255),
  "secret_key" varchar(255),
  "region_id" varchar(64),
  "sign_name" varchar(64),
  "remark" text
);

create index "blade_sms_list_ix" on "blade_sms" ("tenant_id", "is_deleted", "sms_code", "id");

create unique index "blade_sms_sms_code_ux" on "blade_sms" ("tenant_id", "sms_code") where is_deleted = 0;

create table "blade_sms_record" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "sms_code" varchar(32),
  "category" integer,
  "phones" text,
  "params" text,
  "result" varchar(255)
);

create index "blade_sms_record_list_ix" on "blade_sms_record" ("tenant_id", "is_deleted", "create_time", "id");

create table "blade_oss" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "category" integer default 0,
  "oss_code" varchar(32),
  "endpoint" varchar(255),
  "access_key" varchar(255),
  "secret_key" varchar(255),
  "bucket_name" varchar(255),
  "app_id" varchar(255),
  "region" varchar(255),
  "remark" text
);

create index "blade_oss_list_ix" on "blade_oss" ("tenant_id", "is_deleted", "oss_code", "id");

create unique index "blade_oss_oss_code_ux" on "blade_oss" ("tenant_id", "oss_code") where is_deleted = 0;

create table "dw_third_app" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "app_name" varchar(100),
  "app_img" varchar(1000),
  "login_url" varchar(500),
  "login_out_api" varchar(500),
  "note" text
);

create index "dw_third_app_list_ix" on "dw_third_app" ("tenant_id", "is_deleted", "create_time", "id");

create table "dw_third_app_permission" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "app_id" bigint,
  "role_id" bigint
);

create index "dw_third_app_permission_list_ix" on "dw_third_app_permission" ("tenant_id", "app_id", "id");

create unique index "dw_third_app_permission_app_id_role_id_ux" on "dw_third_app_permission" ("tenant_id", "app_id", "role_id");

create table "dw_page_conf" (
  "id" bigint primary key,
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

create index "dw_page_conf_list_ix" on "dw_page_conf" ("is_deleted", "flag", "id");

create table "dw_biz_page" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "flow_type" varchar(64),
  "name" varchar(100),
  "page_type" integer default 1,
  "url" varchar(500),
  "sort" integer
);

create index "dw_biz_page_list_ix" on "dw_biz_page" ("is_deleted", "sort", "id");

create table "blade_version_log" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "project_code" varchar(64),
  "version" varchar(32),
  "old_version" varchar(32),
  "deploy_time" timestamptz
);

create index "blade_version_log_list_ix" on "blade_version_log" ("deploy_time", "id");

create table "blade_role_menu" (
  "id" bigint primary key,
  "menu_id" bigint not null,
  "role_id" bigint not null
);

create unique index "blade_role_menu_role_menu_ux" on "blade_role_menu" ("role_id", "menu_id");

create table "blade_role_scope" (
  "id" bigint primary key,
  "scope_category" integer not null,
  "scope_id" bigint not null,
  "role_id" bigint not null
);

create unique index "blade_role_scope_role_ux" on "blade_role_scope" ("role_id", "scope_category", "scope_id");

create table "blade_top_menu_setting" (
  "id" bigint primary key,
  "top_menu_id" bigint not null,
  "menu_id" bigint not null
);

create unique index "blade_top_menu_setting_ux" on "blade_top_menu_setting" ("top_menu_id", "menu_id");

create table "blade_auth_session" (
  "id" varchar(36) primary key,
  "tenant_id" varchar(12) not null,
  "user_id" bigint not null,
  "client_id" varchar(48) not null,
  "dept_id" bigint,
  "role_id" bigint,
  "remote_ip" varchar(64),
  "create_time" timestamptz not null default now(),
  "last_active_time" timestamptz not null default now(),
  "expire_time" timestamptz not null,
  "revoked_time" timestamptz,
  "revoke_reason" varchar(32)
);

create index "blade_auth_session_user_ix" on "blade_auth_session" ("user_id");

create index "blade_auth_session_expire_ix" on "blade_auth_session" ("expire_time");

create table "blade_refresh_token" (
  "token_hash" varchar(64) primary key,
  "session_id" varchar(36) not null,
  "create_time" timestamptz not null default now(),
  "expire_time" timestamptz not null,
  "used_time" timestamptz
);

create index "blade_refresh_token_session_ix" on "blade_refresh_token" ("session_id");

create index "blade_refresh_token_expire_ix" on "blade_refresh_token" ("expire_time");

create table "blade_login_fail" (
  "fail_key" varchar(200) primary key,
  "fail_count" integer not null,
  "last_time" timestamptz not null default now()
);

create index "blade_login_fail_last_ix" on "blade_login_fail" ("last_time");
