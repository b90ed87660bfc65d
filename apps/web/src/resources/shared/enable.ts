import { permCode, type Resource } from '@civdesk/meta';
import type { Row } from '../../crud/crud-api.ts';
import type { ExtraRowAction } from '../../crud/row-actions.tsx';
import { confirmPost } from './actions.ts';

/** Status of the tenant's enabled setting (`enable?id=` sets it on one row, 1 on the others). */
export const ENABLED = 2;

/**
 * "启用" on a row of settings of which one per tenant is enabled (SMS, object storage): asks, calls
 * `<api>/enable?id=`, reloads. Not offered on the enabled row, so the list shows which one it is
 * twice: its status column and the missing action.
 */
export function enableAction(r: Resource, label: string, confirm: (row: Row) => string, reload: () => void): ExtraRowAction {
  return {
    key: 'enable',
    label,
    perm: permCode(r, 'enable'),
    hidden: (row) => Number(row.status) === ENABLED,
    onClick: (row) => confirmPost(confirm(row), `${r.api}/enable`, { id: String(row.id) }, reload),
  };
}
