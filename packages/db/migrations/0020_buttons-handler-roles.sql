-- generated from the resource definitions by npm run db:generate
alter table "mat_wf_custom_handler" add column "role_ids" text;
