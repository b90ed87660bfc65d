import { CopyOutlined, RobotOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Input, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AssistantAnswer, askAssistant } from '../../api/shell.ts';
import { toastSuccess, toastWarning } from '../../api/toast.ts';
import { typeOut } from './typing.ts';

type Entry = { role: 'user' | 'assistant'; content: string; done: boolean; full?: string };

/** Runs a reply's command. */
export function runCommand(a: AssistantAnswer, navigate: (to: string) => void) {
  if (a.command === 'update_passwd') navigate('/info/index');
  else if (a.command === 'open_sysdict') navigate('/system/dict');
  else if (a.command === 'open_menu' && a.path?.startsWith('/')) navigate(a.path);
  else if (a.command === 'get_location_point' && a.open_url) window.open(a.open_url, '_blank', 'noopener');
}

/**
 * The assistant: a question, the placeholder while waiting, the reply typed out (a click on it shows
 * it whole), then a copy button. A new question first completes the answer being typed, so no
 * answer is ever left cut short. The input is focused when the panel opens and stays at its foot.
 */
export function AiPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const stop = useRef<() => void>(undefined);
  const finish = useRef<() => void>(undefined);
  const input = useRef<TextAreaRef>(null);
  useEffect(() => () => stop.current?.(), []);

  const setLast = (patch: Partial<Entry>) => setEntries((list) => list.map((e, i) => (i === list.length - 1 ? { ...e, ...patch } : e)));
  /** Shows the answer being typed whole at once, and runs its command. */
  const showWhole = () => finish.current?.();

  const send = async () => {
    const q = query.trim();
    if (!q) {
      toastWarning(t('shell.ai.empty'));
      return;
    }
    showWhole();
    setQuery('');
    setBusy(true);
    setEntries((list) => [
      ...list,
      { role: 'user', content: q, done: true },
      { role: 'assistant', content: t('shell.ai.waiting'), done: false },
    ]);
    try {
      const answer = await askAssistant(q);
      setBusy(false); // the next question may come while this answer is typed
      setLast({ content: '', full: answer.content });
      const done = () => {
        stop.current?.();
        finish.current = undefined;
        setLast({ content: answer.content, done: true });
        runCommand(answer, (to) => void navigate(to));
      };
      finish.current = done;
      stop.current = typeOut(answer.content, (shown) => setLast({ content: shown }), done);
    } catch {
      setEntries((list) => list.slice(0, -1));
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('shell.ai.title')}
      width={420}
      data-testid="ai-panel"
      afterOpenChange={(shown) => shown && input.current?.focus()}
      footer={
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            ref={input}
            autoFocus
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
      }
    >
      <div className="ai-chat" aria-live="polite">
        <div className="ai-entry ai-assistant">
          <RobotOutlined /> <span>{t('shell.ai.hello')}</span>
        </div>
        {entries.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are only appended
          <div key={i} className={`ai-entry ai-${e.role}`} data-testid={`ai-${e.role}`}>
            {e.role === 'user' ? <UserOutlined /> : <RobotOutlined />}{' '}
            {e.role === 'assistant' && !e.done && e.full ? (
              <button
                type="button"
                className="ai-text ai-typing"
                onClick={showWhole}
                title={t('shell.ai.showAll')}
                data-testid="ai-show-all"
              >
                {e.content}
              </button>
            ) : (
              <span className="ai-text">{e.content}</span>
            )}
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
    </Drawer>
  );
}
