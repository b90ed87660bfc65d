-- generated from the resource definitions by npm run db:generate
drop index "mat_int_scope_scope_type_target_id_region_id_role_id_ux";
