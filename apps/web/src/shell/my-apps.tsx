import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../api/request.ts';

type App = { id: string; appName: string; appImg?: string; loginUrl?: string; note?: string };

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
