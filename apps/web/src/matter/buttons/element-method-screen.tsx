import { permCode, type Resource } from '@civdesk/meta';
import { Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { postData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { texts, useText } from './text.ts';

type HookResult = { ok: boolean; status: number | null; durationMs: number; body: string; error?: string };

/** Step hooks: the generic list plus a test call per row, its outcome shown as the server logged it. */
export function ElementMethodScreen({ resource }: { resource: Resource }) {
  const tx = useText();
  const [result, setResult] = useState<HookResult | null>(null);
  const trigger = async (id: string) => {
    try {
      setResult(await postData<HookResult>(`${resource.api}/trigger`, { id }));
    } catch {
      // the request layer has said why
    }
  };
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          { key: 'trigger', label: tx(texts.trigger), perm: permCode(resource, 'trigger'), onClick: (row) => void trigger(row.id) },
        ]}
      />
      {result && (
        <Modal
          open
          title={tx(texts.triggerTitle)}
          footer={null}
          onCancel={() => setResult(null)}
          wrapProps={{ 'data-testid': 'hook-result' }}
        >
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={tx(texts.triggerTitle)}>
              <Typography.Text type={result.ok ? 'success' : 'danger'}>
                {result.ok ? tx(texts.triggerOk) : `${tx(texts.triggerFailed)}: ${result.error ?? ''}`}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={tx(texts.status)}>{result.status ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={tx(texts.duration)}>{result.durationMs}</Descriptions.Item>
            <Descriptions.Item label={tx(texts.answer)}>
              <Typography.Paragraph ellipsis={{ rows: 4, expandable: true }}>{result.body || '-'}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        </Modal>
      )}
    </>
  );
}
