import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu entry that is an html page or an http address, shown inside the shell. */
export function FramePage({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="frame-page">
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button size="small" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
          {t('shell.frame.open')}
        </Button>
      </div>
      <iframe
        className="frame-page"
        src={url}
        title={title || t('shell.frame.title')}
        data-testid="frame"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}
