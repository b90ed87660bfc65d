import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLang } from '../i18n/index.ts';

/** Two languages, so one button toggles; it names the language it switches to. */
export function LanguageSwitch() {
  const lang = useLang();
  const { t } = useTranslation();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <Button type="text" icon={<GlobalOutlined />} data-testid="lang-switch" title={t('lang.switch')} onClick={() => setLanguage(next)}>
      {t(`lang.${next}`)}
    </Button>
  );
}
