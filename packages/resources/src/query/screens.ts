import { defineScreen } from '@civdesk/meta';
import { L } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

// The page that runs a custom query: its conditions as a search form, its answer as a table
// (bmsuccessQuery queryList / queryPage demand this screen's code).
export const queryRunScreen = defineScreen({
  name: 'query_run',
  label: L('查询执行', 'Run a query'),
  menu: { group: queryGroup, path: '/query/run', icon: 'RightSquareOutlined', order: 5 },
  api: '/api/dw-query/bmsuccessQuery',
  grants: { admin: 'all', auditor: 'all' },
});

export const queryScreens = [queryRunScreen];
