import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLang } from '../i18n/index.ts';

// A globe drawn here rather than the icon set's: the sign-in page carries this button, and its
// budget has no room for another icon module.
const globe = (
  <span className="anticon" aria-hidden="true">
    <svg aria-hidden="true" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  </span>
);

/** Two languages, so one button toggles; it names the language it switches to. */
export function LanguageSwitch() {
  const lang = useLang();
  const { t } = useTranslation();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <Button type="text" icon={globe} data-testid="lang-switch" title={t('lang.switch')} onClick={() => setLanguage(next)}>
      {t(`lang.${next}`)}
    </Button>
  );
}
