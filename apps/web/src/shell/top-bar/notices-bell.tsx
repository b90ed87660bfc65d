import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, List, Popover, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTenantId } from '../../api/session.ts';
import { fetchNotices, type Notice } from '../../api/shell.ts';
import { hasUnread, markRead, readIds } from '../notices/read-state.ts';
import { useWorkNotices, WorkNoticeList } from '../notices/work-notices.tsx';

const NoticeDialog = lazy(() => import('../notices/notice-dialog.tsx').then((m) => ({ default: m.NoticeDialog })));

/** How often the bell asks for new notices (and whenever the window regains focus). */
export const NOTICE_POLL_MS = 30_000;

/**
 * The notices bell: 10 a page, newest update first, a dot while any is unread. It
 * asks again every 30 s, so a notice published elsewhere shows without a reload; the platform
 * administrator, who reads every tenant's notices, sees whose each one is. Above them, the
 * user's unread workflow messages (a task waiting for them), which open the task.
 */
export function NoticesBell() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [ids, setIds] = useState(readIds);
  const [opened, setOpened] = useState<Notice>();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: ['notices', page],
    queryFn: () => fetchNotices(page),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const own = getTenantId();
  const [older, setOlder] = useState<Notice[]>([]);
  const list = [...older, ...(data?.records ?? [])];
  const work = useWorkNotices();
  const unread = hasUnread(list, ids) || work.length > 0;
  const more = data ? page * 10 < data.total : false;

  const show = (n: Notice) => {
    setIds(markRead(n.id));
    setOpen(false);
    setOpened(n);
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={t('shell.notices.title')}
        content={
          <div className="notice-list" data-testid="notice-list">
            <WorkNoticeList items={work} onOpen={() => setOpen(false)} />
            <List
              size="small"
              dataSource={list}
              locale={{ emptyText: t('shell.notices.empty') }}
              renderItem={(n) => (
                <List.Item key={n.id} className={ids.includes(String(n.id)) ? 'notice-read' : 'notice-unread'}>
                  <button type="button" className="notice-item" onClick={() => show(n)} data-testid={`notice-${n.id}`}>
                    {!ids.includes(String(n.id)) && <Badge status="error" aria-label={t('shell.notices.unread')} />}
                    <span className="notice-title">{n.title}</span>
                    {n.tenantId && own && n.tenantId !== own && (
                      <Tag className="notice-tenant" data-testid={`notice-tenant-${n.id}`}>
                        {t('shell.notices.tenant', { id: n.tenantId })}
                      </Tag>
                    )}
                    <span className="notice-date">{n.releaseTime?.slice(0, 10)}</span>
                  </button>
                </List.Item>
              )}
            />
            {more && (
              <Button
                block
                type="link"
                onClick={() => {
                  setOlder(list);
                  setPage((p) => p + 1);
                }}
                data-testid="notice-more"
              >
                {t('shell.notices.more')}
              </Button>
            )}
          </div>
        }
      >
        <Tooltip title={t('shell.notices.button')}>
          <Badge dot={unread} data-testid="notice-dot" data-unread={unread ? 'true' : 'false'}>
            <Button type="text" icon={<BellOutlined />} data-testid="btn-notices" aria-label={t('shell.notices.button')} />
          </Badge>
        </Tooltip>
      </Popover>
      {opened && (
        <Suspense fallback={null}>
          <NoticeDialog notice={opened} onClose={() => setOpened(undefined)} />
        </Suspense>
      )}
    </>
  );
}
