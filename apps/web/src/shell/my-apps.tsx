import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Empty, Space, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../api/request.ts';

type App = { id: string; appName: string; appImg?: string; loginUrl?: string; note?: string };

/**
 * Opens an application signed in: a window opens at once (still the click's, so no popup blocker
 * stops it), then goes to the application's address with a one-use ticket the server issued for
 * this user. Without a ticket (refused, offline) the window closes and the request layer says why.
 */
async function openSignedIn(e: MouseEvent<HTMLAnchorElement>, app: App) {
  e.preventDefault();
  const win = window.open('', '_blank');
  if (win) win.opener = null;
  try {
    const { url } = await postData<{ url: string }>('/api/blade-auth/sso/ticket', null, { params: { appId: app.id } });
    if (win) win.location.href = url;
    else window.location.href = url;
  } catch {
    win?.close();
  }
}

/** The third-party applications the user's roles may use (`getAppForUser`), opened in a new window. */
export function MyApps() {
  const { t } = useTranslation();
  const apps = useQuery({
    queryKey: ['apps-for-user'],
    queryFn: () => getData<App[]>('/api/dw-third-app/dwThirdApp/getAppForUser'),
  });
  const list = apps.data ?? [];
  return (
    <Card title={t('shell.myApps.title')} loading={apps.isLoading} data-testid="my-apps" style={{ marginTop: 12 }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.myApps.none')} />
      ) : (
        <Space size={[24, 16]} wrap>
          {list.map((a) => (
            <a
              key={a.id}
              href={a.loginUrl || undefined}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => void openSignedIn(e, a)}
              title={a.note || a.appName}
              data-testid={`my-app-${a.id}`}
              style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', width: 96 }}
            >
              <Avatar shape="square" size={48} src={a.appImg || undefined} icon={<AppstoreOutlined />} alt="" />
              <Typography.Text ellipsis style={{ maxWidth: 96, marginTop: 6 }}>
                {a.appName}
              </Typography.Text>
            </a>
          ))}
        </Space>
      )}
    </Card>
  );
}
