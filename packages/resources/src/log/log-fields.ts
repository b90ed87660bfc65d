import type { FieldDef } from '@civdesk/meta';
import { L } from '../labels.ts';

/** Where a log row was written: the same columns on every server-written log (BladeX log tables). */
export const serverFields: Record<string, FieldDef> = {
  serviceId: { type: 'string', label: L('服务id', 'Service'), max: 32, serverOnly: true, list: true, search: 'equal' },
  serverHost: { type: 'string', label: L('服务host', 'Server host'), max: 255, serverOnly: true, list: true, search: true },
  serverIp: { type: 'string', label: L('服务ip', 'Server IP'), max: 255, serverOnly: true, list: true },
  env: { type: 'string', label: L('软件环境', 'Environment'), max: 255, serverOnly: true, list: true },
};
