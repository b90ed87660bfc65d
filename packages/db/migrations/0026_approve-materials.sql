-- generated from the resource definitions by npm run db:generate
create table "biz_apply_material" (
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
  "element_id" varchar(19),
  "material_id" varchar(19),
  "materials_name" varchar(100),
  "person_id" varchar(19),
  "person_name" varchar(50),
  "person_type" varchar(64) default 'applicant',
  "material_status" varchar(64) default 'received',
  "original_num" integer default 0,
  "copy_num" integer default 0,
  "file_url" varchar(1000),
  "file_name" varchar(255),
  "note" text
);

create index "biz_apply_material_list_ix" on "biz_apply_material" ("tenant_id", "is_deleted", "create_time", "id");

create unique index "biz_apply_material_apply_id_material_id_person_id_ux" on "biz_apply_material" ("tenant_id", "apply_id", "material_id", "person_id") where is_deleted = 0;

create index "biz_apply_material_apply_id_ix" on "biz_apply_material" ("tenant_id", "apply_id", "id");

create table "biz_signed_doc" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "apply_id" bigint not null,
  "element_id" bigint not null,
  "sign_id" bigint not null,
  "print_template_id" bigint not null,
  "material_id" bigint,
  "file_link" varchar(500) not null,
  "file_sha256" varchar(64) not null,
  "signed_link" varchar(500),
  "signed_sha256" varchar(64),
  "status" varchar(10) not null default 'unsigned',
  "sign_count" integer not null default 0,
  "create_user" bigint,
  "create_time" timestamptz not null default now(),
  "update_time" timestamptz not null default now()
);

create index "biz_signed_doc_apply_ix" on "biz_signed_doc" ("tenant_id", "apply_id", "element_id");

create table "biz_signature" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "doc_id" bigint not null,
  "apply_id" bigint not null,
  "signer_id" bigint not null,
  "signer_name" varchar(100),
  "sign_time" timestamptz not null default now(),
  "image_link" varchar(500) not null,
  "pdf_link" varchar(500) not null,
  "pdf_sha256" varchar(64) not null,
  "page_no" integer not null,
  "pos_x" integer not null,
  "pos_y" integer not null,
  "width" integer not null,
  "status" varchar(10) not null default 'valid'
);

create index "biz_signature_doc_ix" on "biz_signature" ("tenant_id", "doc_id");
