import { matWfElementButton, matWfLocalButton } from '@civdesk/resources';
import { Modal, message, Table } from 'antd';
import { useEffect, useState } from 'react';
import { postData } from '../../api/request.ts';
import { fetchList, type Row, rowsOf } from '../../crud/crud-api.ts';
import { texts, useText } from './text.ts';

/** Picks library buttons to add to a step (`copyFromLibrary`: in the order picked, each once). */
export function LibraryPickerDialog({ elementId, onClose, onDone }: { elementId: string; onClose: () => void; onDone: () => void }) {
  const tx = useText();
  const [rows, setRows] = useState<Row[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    fetchList(matWfLocalButton.api, { size: -1 })
      .then((d) => setRows(rowsOf(d)))
      .catch(() => {});
  }, []);
  const save = async () => {
    if (!picked.length) return void message.warning(tx(texts.pickAtLeastOne));
    setSaving(true);
    try {
      await postData(`${matWfElementButton.api}/copyFromLibrary`, { elementId, localButtonIds: picked });
      message.success(tx(texts.added));
      onDone();
      onClose();
    } catch {
      // the request layer has said why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={tx(texts.pickButtons)}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      maskClosable={false}
      wrapProps={{ 'data-testid': 'library-picker' }}
      destroyOnHidden
    >
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
        columns={[
          { title: tx(texts.name), dataIndex: 'localButtonName' },
          { title: tx(texts.value), dataIndex: 'localButtonValue' },
        ]}
      />
    </Modal>
  );
}
