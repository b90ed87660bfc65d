-- generated from the resource definitions by npm run db:generate
create index "mat_wf_version_flow_def_id_ix" on "mat_wf_version" ("tenant_id", "flow_def_id", "id");
