import '../i18n/crud-texts.ts';
import { InboxOutlined } from '@ant-design/icons';
import type { Lang, Resource } from '@civdesk/meta';
import { Alert, Button, Modal, message, Progress, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download.ts';
import { http } from '../api/request.ts';

type ImportError = { row: number; field: string; label: string; message: string };

/**
 * Excel import: the template, the file, a progress bar while it uploads and the server checks it,
 * then either the count imported or every wrong row (nothing is imported then).
 */
export function ImportDialog({
  resource: r,
  lang,
  onClose,
  onImported,
}: {
  resource: Resource;
  lang: Lang;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [percent, setPercent] = useState<number>();
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [failure, setFailure] = useState('');

  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setErrors([]);
    setFailure('');
    setPercent(0);
    try {
      const res = await http.post(`${r.api}/import`, form, {
        meta: { silentCodes: [400] },
        timeout: 600_000,
        // Upload is the first 90 %; the last 10 % is the server checking and saving the rows.
        onUploadProgress: (e) => setPercent(Math.min(90, Math.round(((e.loaded ?? 0) / (e.total || file.size || 1)) * 90))),
      });
      setPercent(100);
      message.success(res.data.msg);
      onImported();
      onClose();
    } catch (e) {
      setPercent(undefined);
      const body = (e as { data?: { msg?: string; data?: { errors?: ImportError[] } } }).data;
      if (body?.msg) {
        setFailure(body.msg);
        setErrors(body.data?.errors ?? []);
      }
    }
  };

  return (
    <Modal
      open
      title={`${t('crud.importTitle')} · ${r.label[lang]}`}
      width="50%"
      maskClosable={false}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'import-dialog' }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={!file}
          loading={percent !== undefined && percent < 100}
          onClick={start}
          data-testid="import-start"
        >
          {t('crud.importStart')}
        </Button>,
      ]}
    >
      <Button
        type="link"
        onClick={() => downloadFile(`${r.api}/export-template`, {}, `${r.label.zh}导入模板.xlsx`)}
        data-testid="import-template"
      >
        {t('crud.template')}
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          return false; // sent by start(), not by the component
        }}
        onRemove={() => setFile(undefined)}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('crud.importHint')}</p>
      </Upload.Dragger>
      {percent !== undefined && <Progress percent={percent} data-testid="import-progress" />}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} data-testid="import-failure" />}
      {errors.length > 0 && (
        <Table<ImportError>
          size="small"
          rowKey={(e) => `${e.row}-${e.field}`}
          dataSource={errors}
          pagination={{ pageSize: 10 }}
          style={{ marginTop: 12 }}
          columns={[
            { title: t('crud.importRow'), dataIndex: 'row', width: 80 },
            { title: t('crud.importField'), dataIndex: 'label', width: 160 },
            { title: t('crud.importReason'), dataIndex: 'message' },
          ]}
        />
      )}
    </Modal>
  );
}
