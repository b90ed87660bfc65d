import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal } from 'antd';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { fetchNotice, type Notice } from '../../api/shell.ts';

/** A notice, read-only: title, type, date and its content as sanitised HTML. */
export function NoticeDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const { data = notice } = useQuery({ queryKey: ['notice', notice.id], queryFn: () => fetchNotice(notice.id) });
  const html = DOMPurify.sanitize(data.content ?? '', { USE_PROFILES: { html: true } });
  return (
    <Modal open title={data.title} onCancel={onClose} footer={null} width="50%" data-testid="notice-dialog">
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('shell.notices.type')}>
          <span data-testid="notice-type">{data.categoryName ?? data.category}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('shell.notices.date')}>
          <span data-testid="notice-date">{data.releaseTime}</span>
        </Descriptions.Item>
      </Descriptions>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above */}
      <div className="notice-content" data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}
