-- generated from the resource definitions by npm run db:generate
drop index "wf_notice_sms_ix";

create index "wf_notice_sms_pending_ix" on "wf_notice" ("id") where sms_state = 'pending';
