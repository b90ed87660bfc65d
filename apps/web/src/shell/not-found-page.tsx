import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('notFound.title');
  }, [t]);
  return (
    <main data-testid="not-found">
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.title')}
        extra={
          <Link to="/">
            <Button type="primary">{t('notFound.back')}</Button>
          </Link>
        }
      />
    </main>
  );
}
