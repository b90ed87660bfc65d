-- generated from the resource definitions by npm run db:generate
alter table "blade_client" alter column "client_secret" type varchar(255);
