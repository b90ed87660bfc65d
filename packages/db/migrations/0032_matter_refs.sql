-- generated from the resource definitions by npm run db:generate
alter table "mat_int_element" alter column "role_ids" type text;
