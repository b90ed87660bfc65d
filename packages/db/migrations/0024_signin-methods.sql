-- generated from the resource definitions by npm run db:generate
create table "blade_social_provider" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 2,
  "is_deleted" integer not null default 0,
  "source" varchar(32),
  "name" varchar(64),
  "issuer" varchar(500),
  "client_id" varchar(255),
  "client_secret" varchar(255),
  "scopes" varchar(255) default 'openid profile'
);

create index "blade_social_provider_list_ix" on "blade_social_provider" ("tenant_id", "is_deleted", "source", "id");

create unique index "blade_social_provider_source_ux" on "blade_social_provider" ("tenant_id", "source") where is_deleted = 0;

create table "blade_user_oauth" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "user_id" bigint,
  "source" varchar(32),
  "uuid" varchar(255),
  "username" varchar(255),
  "email" varchar(255)
);

create index "blade_user_oauth_list_ix" on "blade_user_oauth" ("tenant_id", "source", "id");

create unique index "blade_user_oauth_source_uuid_ux" on "blade_user_oauth" ("tenant_id", "source", "uuid");

create unique index "blade_user_oauth_user_id_source_ux" on "blade_user_oauth" ("tenant_id", "user_id", "source");
