import { L } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Result, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useLang } from '../i18n/index.ts';
import { currentVersion, upgradeDone, upgradeProgress } from './api.ts';

const POLL_MS = 2000;

/**
 * The page shown while the server upgrades to a version (`?v=`, default the version it runs): a
 * bar of the database migrations applied, polled until the upgrade is done, then its end (done/{v})
 * with a button that reloads the page onto the new version.
 */
export function UpgradeFramePage() {
  const lang = useLang();
  const [search] = useSearchParams();
  const asked = search.get('v') ?? '';
  const current = useQuery({ queryKey: ['upgrade', 'current'], queryFn: currentVersion, enabled: asked === '' });
  const version = asked || current.data || '';
  const progress = useQuery({
    queryKey: ['upgrade', 'progress', version],
    queryFn: () => upgradeProgress(version),
    enabled: version !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'done' ? false : POLL_MS),
  });
  const finished = progress.data?.status === 'done';
  const done = useQuery({ queryKey: ['upgrade', 'done', version], queryFn: () => upgradeDone(version), enabled: finished, retry: false });
  const p = progress.data;
  const statusText = !p
    ? progress.isError
      ? L('正在等待服务器响应…', 'Waiting for the server…')[lang]
      : L('正在读取升级进度…', 'Reading the progress…')[lang]
    : p.status === 'pending'
      ? L(`等待新版本部署（当前运行 ${p.current}）`, `Waiting for the new version to be deployed (running ${p.current})`)[lang]
      : p.status === 'running'
        ? L(`正在执行数据库升级脚本 ${p.applied}/${p.total}`, `Applying database migrations ${p.applied}/${p.total}`)[lang]
        : L('数据库升级脚本已全部执行', 'All database migrations applied')[lang];

  if (done.data) {
    const d = done.data;
    return (
      <Card data-testid="upgrade-frame">
        <div data-testid="upgrade-done">
          <Result
            status="success"
            title={L(`已升级到版本 ${d.version}`, `Upgraded to ${d.version}`)[lang]}
            subTitle={
              d.deployTime
                ? L(`原版本 ${d.oldVersion || '-'}，部署于 ${d.deployTime}`, `From ${d.oldVersion || '-'}, deployed at ${d.deployTime}`)[
                    lang
                  ]
                : undefined
            }
            extra={
              <Button type="primary" onClick={() => window.location.reload()}>
                {L('刷新页面', 'Reload')[lang]}
              </Button>
            }
          />
        </div>
      </Card>
    );
  }
  return (
    <Card data-testid="upgrade-frame" title={L(`系统升级 ${version}`, `System upgrade ${version}`)[lang]}>
      <Progress data-testid="upgrade-progress" percent={p?.percent ?? 0} status={finished ? 'success' : 'active'} />
      <Typography.Paragraph data-testid="upgrade-status" style={{ marginTop: 12 }}>
        {statusText}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{L('升级期间请勿关闭本页面', 'Keep this page open during the upgrade')[lang]}</Typography.Text>
    </Card>
  );
}
