import '../i18n/crud-texts.ts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from './crud-api.ts';

/** A screen's own action on one row (grant, reset password…); shown only with its permission. */
export type ExtraRowAction = {
  key: string;
  label: string;
  /** Button code the user must hold (menu/buttons); none: always shown. */
  perm?: string;
  danger?: boolean;
  /** Hidden for rows it does not apply to. */
  hidden?: (row: Row) => boolean;
  onClick: (row: Row) => void;
};

type Props = {
  row: Row;
  builtIn: boolean;
  /** The actions the resource's API offers and the user may use; the others are not shown. */
  can: { view: boolean; edit: boolean; delete: boolean };
  /** Delete is shown but disabled (built-in rows, oneself). */
  deleteDisabled?: boolean;
  extra?: ExtraRowAction[];
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** View, edit and delete of one row, then the screen's own actions; built-in rows (isSystem) cannot be deleted. */
export function RowActions({ row, builtIn, can, deleteDisabled, extra = [], onView, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      {can.view && (
        <Button type="link" size="small" data-testid={`row-view-${row.id}`} onClick={onView}>
          {t('crud.view')}
        </Button>
      )}
      {can.edit && (
        <Button type="link" size="small" data-testid={`row-edit-${row.id}`} onClick={onEdit}>
          {t('crud.edit')}
        </Button>
      )}
      {can.delete && (
        <Button
          type="link"
          size="small"
          danger
          disabled={builtIn || deleteDisabled}
          data-testid={`row-delete-${row.id}`}
          onClick={onDelete}
        >
          {t('crud.delete')}
        </Button>
      )}
      {extra
        .filter((a) => !a.hidden?.(row))
        .map((a) => (
          <Button
            key={a.key}
            type="link"
            size="small"
            danger={a.danger}
            data-testid={`row-${a.key}-${row.id}`}
            onClick={() => a.onClick(row)}
          >
            {a.label}
          </Button>
        ))}
    </Space>
  );
}
