-- generated from the resource definitions by npm run db:generate
drop index "mat_wf_print_template_id_region_level_ux";
