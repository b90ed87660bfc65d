-- generated from the resource definitions by npm run db:generate
create table "blade_post" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "category" integer,
  "post_code" varchar(32),
  "post_name" varchar(64),
  "sort" integer,
  "remark" text
);

create index "blade_post_list_ix" on "blade_post" ("tenant_id", "is_deleted", "sort");

create unique index "blade_post_post_code_ux" on "blade_post" ("tenant_id", "post_code") where is_deleted = 0;

create table "blade_param" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "param_name" varchar(100),
  "param_key" varchar(100),
  "param_value" text,
  "remark" text
);

create index "blade_param_list_ix" on "blade_param" ("is_deleted", "param_key");

create unique index "blade_param_param_key_ux" on "blade_param" ("param_key") where is_deleted = 0;

create table "blade_dict" (
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
  "dict_value" varchar(128),
  "dict_key" varchar(64),
  "sort" integer,
  "is_sealed" integer default 0,
  "remark" text
);

create index "blade_dict_list_ix" on "blade_dict" ("is_deleted", "sort");

create index "blade_dict_parent_ix" on "blade_dict" ("parent_id");

create unique index "blade_dict_code_dict_key_ux" on "blade_dict" ("code", "dict_key") where is_deleted = 0;

create index "blade_dict_code_ix" on "blade_dict" ("code");

create table "blade_dict_biz" (
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
  "code" varchar(64),
  "dict_value" varchar(128),
  "dict_key" varchar(64),
  "sort" integer,
  "is_sealed" integer default 0,
  "remark" text
);

create index "blade_dict_biz_list_ix" on "blade_dict_biz" ("tenant_id", "is_deleted", "sort");

create index "blade_dict_biz_parent_ix" on "blade_dict_biz" ("parent_id");

create unique index "blade_dict_biz_code_dict_key_ux" on "blade_dict_biz" ("tenant_id", "code", "dict_key") where is_deleted = 0;

create index "blade_dict_biz_code_ix" on "blade_dict_biz" ("code");

create table "blade_region" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "parent_id" bigint not null default 0,
  "code" varchar(32),
  "name" varchar(64),
  "full_name" varchar(256),
  "pycode" varchar(64),
  "region_level" integer,
  "area_id" varchar(32),
  "full_path" varchar(512),
  "remark" text
);

create index "blade_region_list_ix" on "blade_region" ("is_deleted", "code");

create index "blade_region_parent_ix" on "blade_region" ("parent_id");

create unique index "blade_region_code_ux" on "blade_region" ("code") where is_deleted = 0;

create table "blade_tenant" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "tenant_id" varchar(12),
  "tenant_name" varchar(50),
  "linkman" varchar(20),
  "contact_number" varchar(20),
  "address" varchar(255),
  "account_number" integer default -1,
  "expire_time" timestamptz,
  "domain_url" varchar(255),
  "background_url" varchar(1000),
  "package_id" bigint,
  "datasource_id" bigint
);

create index "blade_tenant_list_ix" on "blade_tenant" ("is_deleted", "tenant_id");

create unique index "blade_tenant_tenant_id_ux" on "blade_tenant" ("tenant_id") where is_deleted = 0;

create table "blade_client" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "client_id" varchar(48),
  "client_secret" varchar(256),
  "authorized_grant_types" varchar(500) default 'refresh_token,password,authorization_code',
  "scope" varchar(256) default 'all',
  "access_token_validity" integer default 3600,
  "refresh_token_validity" integer default 604800,
  "web_server_redirect_uri" varchar(256),
  "resource_ids" varchar(256),
  "authorities" varchar(256),
  "autoapprove" varchar(256),
  "additional_information" text
);

create index "blade_client_list_ix" on "blade_client" ("is_deleted", "client_id");

create unique index "blade_client_client_id_ux" on "blade_client" ("client_id") where is_deleted = 0;

create table "blade_role" (
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
  "role_name" varchar(64),
  "role_alias" varchar(64),
  "sort" integer,
  "area_id" bigint,
  "is_system" integer default 0
);

create index "blade_role_list_ix" on "blade_role" ("tenant_id", "is_deleted", "sort");

create index "blade_role_parent_ix" on "blade_role" ("parent_id");

create unique index "blade_role_role_alias_ux" on "blade_role" ("tenant_id", "role_alias") where is_deleted = 0;

create table "blade_dept" (
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
  "dept_code" varchar(32),
  "dept_name" varchar(32),
  "full_name" varchar(256),
  "area_id" bigint,
  "area_name" varchar(64),
  "organ_type" varchar(64),
  "biz_type" varchar(64),
  "sort" integer,
  "py_code" varchar(64),
  "remark" text
);

create index "blade_dept_list_ix" on "blade_dept" ("tenant_id", "is_deleted", "sort");

create index "blade_dept_parent_ix" on "blade_dept" ("parent_id");

create unique index "blade_dept_dept_code_ux" on "blade_dept" ("tenant_id", "dept_code") where is_deleted = 0;

create table "blade_user" (
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
  "password" varchar(255),
  "user_type" integer,
  "name" varchar(20),
  "real_name" varchar(5),
  "code" varchar(45),
  "phone" varchar(45),
  "email" varchar(45),
  "sex" integer,
  "birthday" date,
  "id_card" varchar(18),
  "py_code" varchar(64),
  "avatar" varchar(1000),
  "role_id" text,
  "dept_id" text,
  "post_id" text,
  "secret_level" varchar(64),
  "audit_status" varchar(64),
  "sort" integer,
  "user_ext" text,
  "is_system" integer default 0,
  "init_password" integer default 0,
  "last_login_time" timestamptz,
  "last_uppasswd_time" timestamptz
);

create index "blade_user_list_ix" on "blade_user" ("tenant_id", "is_deleted", "sort");

create unique index "blade_user_account_ux" on "blade_user" ("tenant_id", "account") where is_deleted = 0;

create table "blade_secret" (
  "name" varchar(64) primary key,
  "value" text not null,
  "create_time" timestamptz not null default now()
);

create table "blade_captcha" (
  "captcha_key" varchar(64) primary key,
  "code" varchar(16) not null,
  "expire_time" timestamptz not null
);

create index "blade_captcha_expire_ix" on "blade_captcha" ("expire_time");
