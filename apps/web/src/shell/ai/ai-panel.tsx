import { CopyOutlined, RobotOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AssistantAnswer, askAssistant } from '../../api/shell.ts';
import { toastSuccess, toastWarning } from '../../api/toast.ts';
import { typeOut } from './typing.ts';

type Entry = { role: 'user' | 'assistant'; content: string; done: boolean };

/** Runs a reply's command (spec 000 §4). */
export function runCommand(a: AssistantAnswer, navigate: (to: string) => void) {
  if (a.command === 'update_passwd') navigate('/info/index');
  else if (a.command === 'open_sysdict') navigate('/system/dict');
  else if (a.command === 'get_location_point' && a.open_url) window.open(a.open_url, '_blank', 'noopener');
}

/** The assistant: a question, the placeholder while waiting, the reply typed out, then a copy button. */
export function AiPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const stop = useRef<() => void>(undefined);
  useEffect(() => () => stop.current?.(), []);

  const setLast = (patch: Partial<Entry>) => setEntries((list) => list.map((e, i) => (i === list.length - 1 ? { ...e, ...patch } : e)));

  const send = async () => {
    const q = query.trim();
    if (!q) {
      toastWarning(t('shell.ai.empty'));
      return;
    }
    setQuery('');
    setBusy(true);
    setEntries((list) => [
      ...list,
      { role: 'user', content: q, done: true },
      { role: 'assistant', content: t('shell.ai.waiting'), done: false },
    ]);
    try {
      const answer = await askAssistant(q);
      setLast({ content: '' });
      stop.current = typeOut(
        answer.content,
        (shown) => setLast({ content: shown }),
        () => {
          setLast({ done: true });
          setBusy(false);
          runCommand(answer, (to) => void navigate(to));
        },
      );
    } catch {
      setEntries((list) => list.slice(0, -1));
      setBusy(false);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('shell.ai.title')} width={420} data-testid="ai-panel">
      <div className="ai-chat" aria-live="polite">
        <div className="ai-entry ai-assistant">
          <RobotOutlined /> <span>{t('shell.ai.hello')}</span>
        </div>
        {entries.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are only appended
          <div key={i} className={`ai-entry ai-${e.role}`} data-testid={`ai-${e.role}`}>
            {e.role === 'user' ? <UserOutlined /> : <RobotOutlined />} <span className="ai-text">{e.content}</span>
            {e.role === 'assistant' && e.done && (
              <Button
                size="small"
                type="link"
                icon={<CopyOutlined />}
                data-testid="ai-copy"
                onClick={() =>
                  void navigator.clipboard?.writeText(e.content).then(
                    () => toastSuccess(t('shell.ai.copied')),
                    () => {},
                  )
                }
              >
                {t('shell.ai.copy')}
              </Button>
            )}
          </div>
        ))}
      </div>
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input.TextArea
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('shell.ai.placeholder')}
          aria-label={t('shell.ai.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={500}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          data-testid="ai-input"
        />
        <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void send()} data-testid="ai-send">
          {t('shell.ai.send')}
        </Button>
      </Space.Compact>
    </Drawer>
  );
}
