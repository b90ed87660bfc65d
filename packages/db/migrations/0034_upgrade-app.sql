-- generated from the resource definitions by npm run db:generate
create table "blade_upgrade_app" (
  "id" bigint primary key,
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 0,
  "is_deleted" integer not null default 0,
  "app_name" varchar(64),
  "app_code" varchar(64),
  "platform" varchar(64),
  "version_name" varchar(32),
  "version_code" integer,
  "download_file" varchar(1000),
  "download_url" varchar(1000),
  "must_update" integer default 0,
  "release_notes" text
);

create index "blade_upgrade_app_list_ix" on "blade_upgrade_app" ("is_deleted", "app_code", "id");

create unique index "blade_upgrade_app_app_code_platform_version_code_ux" on "blade_upgrade_app" ("app_code", "platform", "version_code") where is_deleted = 0;

create unique index "blade_upgrade_app_app_code_platform_version_name_ux" on "blade_upgrade_app" ("app_code", "platform", "version_name") where is_deleted = 0;
