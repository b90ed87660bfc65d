-- generated from the resource definitions by npm run db:generate
alter table "blade_menu" add column "roles" varchar(255);
