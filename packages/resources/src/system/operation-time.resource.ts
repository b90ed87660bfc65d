import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// How long a signed-in session may stay idle before the overtime poll answers overMax.
export const operationTime = defineResource({
  name: 'operation-time',
  table: 'bm_sys_operation_time',
  label: L('操作超时设置', 'Idle timeout'),
  api: '/api/blade-system/bmSysOperationTime',
  menu: { group: authorityGroup, icon: 'FieldTimeOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    name: { type: 'string', label: L('名称', 'Name'), max: 100, required: true, list: true, search: true },
    operationTime: {
      type: 'int',
      label: L('超时时间（分钟）', 'Idle minutes'),
      min: 1,
      max: 1440,
      required: true,
      list: true,
      // A setting in use ends every idle session of the tenant: samples take a realistic value, not 1 minute.
      example: 30,
    },
    isStop: {
      type: 'enum',
      int: true,
      options: [
        { value: 0, label: L('启用', 'In use') },
        { value: 1, label: L('停用', 'Stopped') },
      ],
      default: 0,
      label: L('状态', 'State'),
      list: true,
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
