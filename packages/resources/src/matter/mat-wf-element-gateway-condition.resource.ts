import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// A condition on one outgoing sequence flow of a gateway, in the workflow's expression language
// (${amount > 1000}); at run time it takes the place of the model's own condition on that flow.
export const matWfElementGatewayCondition = defineResource({
  name: 'mat-wf-element-gateway-condition',
  table: 'mat_wf_element_gateway_condition',
  label: L('网关条件', 'Gateway conditions'),
  api: '/api/dw-matter/matWfElementGatewayCondition',
  menu: { group: matterGroup, icon: 'ForkOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    elementId: {
      type: 'ref',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId' },
      label: L('环节', 'Step'),
      required: '请选择环节',
      list: true,
      search: 'equal',
    },
    sequenceFlowId: {
      type: 'string',
      label: L('连线', 'Sequence flow'),
      max: 64,
      required: '请选择连线',
      list: true,
      search: true,
      example: 'flow_town',
    },
    gatewayConditionInfo: {
      type: 'string',
      label: L('条件表达式', 'Condition'),
      max: 500,
      required: '请输入条件表达式',
      list: { ellipsis: true },
      form: { span: 24 },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      example: '${amount > 1000}',
    },
  },
});
