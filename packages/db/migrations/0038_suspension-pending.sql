-- generated from the resource definitions by npm run db:generate
create index "biz_apply_suspension_pending_ix" on "biz_apply_suspension" ("tenant_id") where audit_status = 'pending';
