-- generated from the resource definitions by npm run db:generate
drop index "mat_wf_version_list_ix";

create index "mat_wf_version_list_ix" on "mat_wf_version" ("tenant_id", "is_deleted", "create_time", "id");

drop index "mat_wf_element_list_ix";

create index "mat_wf_element_list_ix" on "mat_wf_element" ("tenant_id", "is_deleted", "version_id", "id");
