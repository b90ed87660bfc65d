-- generated from the resource definitions by npm run db:generate
drop index "mat_int_element_list_ix";

create index "mat_int_element_list_ix" on "mat_int_element" ("tenant_id", "is_deleted", "item_no", "id");
