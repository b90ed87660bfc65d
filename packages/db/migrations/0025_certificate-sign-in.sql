-- generated from the resource definitions by npm run db:generate
create table "blade_cert_ca" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null default '000000',
  "create_user" bigint,
  "create_dept" bigint,
  "create_time" timestamptz not null default now(),
  "update_user" bigint,
  "update_time" timestamptz not null default now(),
  "status" integer not null default 1,
  "is_deleted" integer not null default 0,
  "ca_name" varchar(64),
  "certificate" text,
  "crl" text,
  "subject" varchar(500),
  "not_after" timestamptz,
  "crl_update" timestamptz,
  "enabled" integer default 2
);

create index "blade_cert_ca_list_ix" on "blade_cert_ca" ("tenant_id", "is_deleted", "ca_name", "id");

create table "blade_cert_binding" (
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
  "user_id" bigint,
  "issuer" varchar(500),
  "serial_number" varchar(128),
  "subject" varchar(500),
  "remark" varchar(255)
);

create index "blade_cert_binding_list_ix" on "blade_cert_binding" ("tenant_id", "is_deleted", "create_time", "id");
