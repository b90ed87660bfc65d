-- generated from the resource definitions by npm run db:generate
create table "biz_apply_page_save" (
  "id" bigint primary key,
  "tenant_id" varchar(12) not null,
  "apply_id" bigint not null,
  "task_id" bigint not null,
  "page_id" varchar(19) not null,
  "user_id" varchar(64) not null,
  "save_time" timestamptz not null
);

create unique index "biz_apply_page_save_ux" on "biz_apply_page_save" ("task_id", "page_id");
