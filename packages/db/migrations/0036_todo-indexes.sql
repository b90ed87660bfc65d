-- generated from the resource definitions by npm run db:generate
drop index "biz_apply_process_instance_id_ix";

create index "biz_apply_process_instance_id_is_deleted_ix" on "biz_apply" ("tenant_id", "process_instance_id", "is_deleted", "id");

drop index "wf_task_todo_ix";

create index "wf_task_todo_ix" on "wf_task" ("tenant_id", "assignee", "created_at", "id", "instance_id") where status = 'open';
