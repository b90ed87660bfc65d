-- generated from the resource definitions by npm run db:generate
drop index "mat_int_region_mapping_item_id_region_id_ux";
