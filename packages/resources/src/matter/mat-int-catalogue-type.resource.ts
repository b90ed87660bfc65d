import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The matter catalogue (事项目录): a tree of catalogues the matters hang under. `isStart` marks the
// catalogues the launch screen offers; built-in catalogues (isSystem not 0) cannot be removed, nor
// can a catalogue that still holds matters or children.
export const matIntCatalogueType = defineResource({
  name: 'mat-int-catalogue-type',
  table: 'mat_int_catalogue_type',
  label: L('事项目录', 'Matter catalogue'),
  api: '/api/dw-matter/matintCatalogueType',
  menu: { group: matterGroup, icon: 'ContainerOutlined' },
  tenant: true,
  softDelete: true,
  builtIn: 'isSystem',
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'tree', 'lazy-tree'],
  tree: { parentField: 'parentId', titleField: 'catalogueName' },
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    parentId: { type: 'parent', label: L('上级目录', 'Parent'), form: { span: 24 } },
    catalogueName: {
      type: 'string',
      label: L('目录名称', 'Name'),
      max: 100,
      required: '请输入目录名称',
      list: true,
      search: true,
    },
    catalogueCode: {
      type: 'string',
      label: L('目录编码', 'Code'),
      max: 32,
      required: '请输入目录编码',
      unique: true,
      list: true,
      search: true,
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    isStart: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('发起时显示', 'Shown at launch'),
      list: true,
      search: 'equal',
    },
    isEnabled: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('是否启用', 'Enabled'), list: true, search: 'equal' },
    ifFinalStage: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否末级', 'Final level'), list: true },
    isSystem: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), list: true },
    catalogueIcon: { type: 'string', label: L('目录图标', 'Icon'), max: 100, form: { widget: 'icon' } },
    organTypePty: { type: 'dict', dict: 'organ_type', label: L('机构类型', 'Organisation type') },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { span: 24 } },
  },
});
