import { defineScreen } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

// The form designer (表单设计): drag fields onto a form's draft, preview, save and publish. Its
// calls are matIntFormDetail's and matIntForm's, guarded by those resources' codes; the screen's
// own code only opens it.
export const formDesignerScreen = defineScreen({
  name: 'mat_form_designer',
  label: L('表单设计', 'Form designer'),
  menu: { group: matterGroup, path: '/matter/form-designer', icon: 'BuildOutlined' },
  buttons: [],
  grants: { admin: 'all' },
});

export const formScreens = [formDesignerScreen];
