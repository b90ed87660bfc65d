import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/session.ts';
import { MyApps } from './my-apps.tsx';

export function WelcomePage() {
  const { t } = useTranslation();
  const user = getUserInfo();
  return (
    <>
      <Card data-testid="welcome">
        <Typography.Title level={3}>{t('wel.hello')}</Typography.Title>
        <Typography.Paragraph>
          {user?.real_name || user?.user_name ? `${user.real_name || user.user_name}, ` : ''}
          {t('wel.hint')}
        </Typography.Paragraph>
      </Card>
      <MyApps />
    </>
  );
}
