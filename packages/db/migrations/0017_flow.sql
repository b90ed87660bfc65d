-- generated from the resource definitions by npm run db:generate
alter table "mat_wf_element_transactor" alter column "transactor_type" set default 2;
