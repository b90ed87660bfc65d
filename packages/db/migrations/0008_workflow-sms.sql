-- generated from the resource definitions by npm run db:generate
alter table "wf_notice" add column "sms_state" varchar(16);

create index "wf_notice_sms_ix" on "wf_notice" ("sms_state");
