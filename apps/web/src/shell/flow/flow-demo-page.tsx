import '../../i18n/shell-texts.ts';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleHistory, sampleXml } from './fixture.ts';
import { FlowDialog } from './flow-dialog.tsx';
import { FlowViewer } from './flow-viewer.tsx';

/** /test/index: the flow-chart viewer with a sample process, inline and in its dialog. */
export function FlowDemoPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card
      data-testid="flow-demo"
      extra={
        <Button onClick={() => setOpen(true)} data-testid="flow-open-dialog">
          {t('shell.flow.title')}
        </Button>
      }
    >
      <FlowViewer xml={sampleXml} history={sampleHistory} />
      <FlowDialog open={open} xml={sampleXml} history={sampleHistory} onClose={() => setOpen(false)} />
    </Card>
  );
}
