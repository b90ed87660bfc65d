-- generated from the resource definitions by npm run db:generate
alter table "mat_wf_element" add column "leader_role" bigint;

alter table "biz_apply_suspension" add column "planned_end" timestamptz;

alter table "biz_apply_suspension" add column "audit_status" varchar(16);

alter table "biz_apply_suspension" add column "audited_by" varchar(64);

alter table "biz_apply_suspension" add column "audit_time" timestamptz;

alter table "biz_apply_suspension" add column "audit_reason" varchar(1000);

alter table "biz_apply_suspension" add column "warned_at" timestamptz;

alter table "biz_apply_suspension" add column "warn_at" timestamptz;
