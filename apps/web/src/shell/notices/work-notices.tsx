import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchWorkNotices, markWorkNoticeRead, type WorkNotice } from '../../api/shell.ts';

const POLL_MS = 30_000;

const seg = (v?: string | null) => encodeURIComponent(v || '-');

/**
 * Where a message leads: an application's (办件) message its handling page when the task is the
 * caller's to handle, else its read-only page; another process's message the task's handling
 * page while it is open, else the done list.
 */
export function targetOf(n: WorkNotice): string {
  if (n.businessTable === 'biz_apply' && n.businessId) {
    const id = encodeURIComponent(n.businessId);
    if (n.canHandle && n.taskStatus === 'open') return `/matters/fillref/detail/${id}/-/todo/${seg(n.taskName)}`;
    return n.processIsFinished ? `/donemat/fillref/detail/${id}/-/finish/-` : `/todomat/fillref/detail/${id}/-/done/-`;
  }
  if (n.taskStatus === 'open' && n.formKey && n.taskId && n.processInstanceId) {
    return `${n.formKey}/${n.taskId}/${n.processInstanceId}/${n.businessId ?? '0'}`;
  }
  return n.taskStatus === 'open' ? '/work/todo' : '/work/done';
}

/** The caller's unread workflow messages, asked for as often as the notices. */
export function useWorkNotices() {
  const { data } = useQuery({
    queryKey: ['work-notices'],
    queryFn: fetchWorkNotices,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  return data?.records ?? [];
}

/** The bell's 流程消息 section: a click marks the message read and opens its task. */
export function WorkNoticeList({ items, onOpen }: { items: WorkNotice[]; onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  if (!items.length) return null;
  const open = async (n: WorkNotice) => {
    onOpen();
    await markWorkNoticeRead(n.id).catch(() => undefined);
    void client.invalidateQueries({ queryKey: ['work-notices'] });
    navigate(targetOf(n));
  };
  return (
    <List
      size="small"
      header={t('shell.notices.work')}
      dataSource={items}
      data-testid="work-notice-list"
      renderItem={(n) => (
        <List.Item key={n.id} className="notice-unread">
          <button type="button" className="notice-item" onClick={() => void open(n)} data-testid={`work-notice-${n.id}`}>
            <Badge status="processing" aria-label={t('shell.notices.unread')} />
            <span className="notice-title">{n.title}</span>
            <span className="notice-date">{n.createTime?.slice(0, 10)}</span>
          </button>
        </List.Item>
      )}
    />
  );
}
