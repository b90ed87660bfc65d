-- generated from the resource definitions by npm run db:generate
alter table "mat_int_flow_chart" add column "chart_name" varchar(100);
