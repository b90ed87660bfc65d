import '../../i18n/shell-texts.ts';
import { Button, Card, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function useTitle(key: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t(key);
  }, [t, key]);
}

const back = (label: string) => (
  <Link to="/">
    <Button type="primary">{label}</Button>
  </Link>
);

export function ForbiddenPage() {
  const { t } = useTranslation();
  useTitle('shell.pages.forbidden');
  return (
    <main data-testid="page-403">
      <Result status="403" title="403" subTitle={t('shell.pages.forbidden')} extra={back(t('shell.pages.back'))} />
    </main>
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  useTitle('shell.pages.serverError');
  return (
    <main data-testid="page-500">
      <Result status="500" title="500" subTitle={t('shell.pages.serverError')} extra={back(t('shell.pages.back'))} />
    </main>
  );
}

export function TipsPage() {
  const { t } = useTranslation();
  useTitle('shell.pages.tips');
  return (
    <main data-testid="page-tips">
      <Result status="info" title={t('shell.pages.tips')} subTitle={t('shell.pages.tipsText')} />
    </main>
  );
}

/** /minor/library/achievements: the public results library (its content comes with the case modules). */
export function AchievementsPage() {
  const { t } = useTranslation();
  useTitle('shell.pages.achievements');
  return (
    <main style={{ maxWidth: 960, margin: '40px auto', padding: 16 }} data-testid="page-achievements">
      <Card>
        <Typography.Title level={2}>{t('shell.pages.achievements')}</Typography.Title>
        <Typography.Paragraph>{t('shell.pages.achievementsText')}</Typography.Paragraph>
      </Card>
    </main>
  );
}

/** /wel/dashboard, /wel/home, /wel/wsHome: the desk's pages. */
export function DeskPage({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <Typography.Title level={3}>{t(titleKey)}</Typography.Title>
      <Typography.Paragraph>{t('wel.hint')}</Typography.Paragraph>
    </Card>
  );
}
