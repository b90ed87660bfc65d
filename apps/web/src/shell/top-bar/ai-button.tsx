import { RobotOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const AiPanel = lazy(() => import('../ai/ai-panel.tsx').then((m) => ({ default: m.AiPanel })));

/** The AI pop-up; the panel's code loads on first open. */
export function AiButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Tooltip title={t('shell.ai.button')}>
        <Button
          type="text"
          icon={<RobotOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          data-testid="btn-ai"
          aria-label={t('shell.ai.button')}
        />
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <AiPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
