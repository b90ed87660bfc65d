-- generated from the resource definitions by npm run db:generate
drop index "mat_int_service_info_list_ix";

drop index "mat_int_service_info_item_id_ux";

create index "mat_int_service_info_list_ix" on "mat_int_service_info" ("tenant_id", "is_deleted", "update_time", "id");

drop index "mat_int_workday_work_date_ux";
