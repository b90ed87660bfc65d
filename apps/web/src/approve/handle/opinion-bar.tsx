import { useQuery } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useL } from '../../matter/forms/texts.ts';
import {
  curButtons,
  draftOpinion,
  type NextStep,
  nextActUsers,
  nonDealPages,
  type StepButton,
  type StepRef,
  submitOpinion,
  visitedSteps,
} from '../api.ts';
import { backTargets } from './action-dialog.tsx';

/** Buttons whose opinion must be written (the server refuses them empty with 请填写意见). */
const NEEDS_TEXT = new Set<string | null>(['back', 'reject', 'notAccept', 'supplement', 'suspend']);
/** Buttons that complete the task and hand it to the next step. */
const COMPLETES = new Set<string | null>(['pass', 'reject']);

type Pending = { button: StepButton; next?: NextStep };

/**
 * The step's buttons (getCurBtns) over one opinion: a stock phrase fills the text; a button that
 * completes the task first offers the next step's users (getNextActUsers), 退回 asks for the step.
 * `onDone(stays)`: stays is true when the task is still the caller's (a draft saved).
 */
export function OpinionBar(p: { at: StepRef; activityId?: string; onDone: (stays: boolean) => void; onError: (e: unknown) => void }) {
  const L = useL();
  const { applyId, taskId } = p.at;
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [target, setTarget] = useState<string>();
  const [busy, setBusy] = useState(false);
  const buttons = useQuery({ queryKey: ['approve', 'buttons', applyId, taskId], queryFn: () => curButtons(applyId, taskId) });
  const draft = useQuery({ queryKey: ['approve', 'draft', applyId, taskId], queryFn: () => draftOpinion(applyId, taskId) });
  const back = useQuery({
    queryKey: ['approve', 'visited', applyId],
    queryFn: () => visitedSteps(applyId),
    enabled: pending?.button.action === 'back',
  });
  // The saved draft opinion, else the default stock phrase of the step's first completing button.
  useEffect(() => {
    if (!draft.isSuccess || !buttons.data) return;
    const stockDefault = buttons.data.find((b) => COMPLETES.has(b.action))?.options?.find((o) => Boolean(o.isDefault))?.butOptsInfo;
    const initial = draft.data?.content || stockDefault;
    if (initial) setContent((c) => c || initial);
  }, [draft.isSuccess, draft.data, buttons.data]);

  const stock = (buttons.data ?? [])
    .filter((b) => b.options?.length)
    .map((b) => ({ label: b.name, options: (b.options ?? []).map((o) => ({ value: `${b.id}:${o.id}`, label: o.butOptsInfo })) }));

  const send = async (button: StepButton, nextUsers?: string[], targetActivityId?: string) => {
    setBusy(true);
    try {
      await submitOpinion(p.at, { buttonId: button.id, content: content.trim(), nextUsers, targetActivityId });
      setPending(undefined);
      p.onDone(button.action === 'save');
    } catch (e) {
      p.onError(e);
    } finally {
      setBusy(false);
    }
  };

  const press = async (button: StepButton) => {
    setError(undefined);
    if (button.action === 'print') return window.print();
    if (NEEDS_TEXT.has(button.action) && !content.trim()) return setError(L('请填写意见', 'Write the opinion'));
    if (COMPLETES.has(button.action)) {
      // The opinion tab counts as saved by the opinion written here (as the server checks it).
      const left = (await nonDealPages(applyId, taskId)).filter((x) => !(content.trim() && /opinion/i.test(x.pageTaburl ?? '')));
      if (left.length)
        return setError(
          L(`请先保存：${left.map((x) => x.pageTabname).join('、')}`, `Save first: ${left.map((x) => x.pageTabname).join(', ')}`),
        );
      const next = await nextActUsers(applyId, button.id, taskId);
      setChosen(next.users.map((u) => u.id));
      return setPending({ button, next });
    }
    if (button.action === 'back') {
      setTarget(undefined);
      return setPending({ button });
    }
    if (button.action === 'save') return send(button);
    setPending({ button });
  };

  const confirm = () => {
    if (!pending) return;
    const { button, next } = pending;
    if (button.action === 'back') return target ? send(button, undefined, target) : undefined;
    // Every candidate chosen means "the step's own rule decides": the server is not asked to narrow it.
    const narrowed = next && !next.end && chosen.length < next.users.length ? chosen : undefined;
    if (next && !next.end && next.users.length && !chosen.length) return;
    return send(button, narrowed);
  };

  if (buttons.data && !buttons.data.length)
    return <Alert type="info" message={L('本环节未配置办理按钮', 'No buttons are configured for this step')} />;
  return (
    <section data-testid="opinion-bar">
      <Form layout="vertical">
        {stock.length > 0 && (
          <Form.Item label={L('常用意见', 'Stock opinions')}>
            <Select
              options={stock}
              value={null}
              placeholder={L('选择后填入意见', 'Pick one to fill the opinion')}
              onChange={(v: string) => setContent(stock.flatMap((g) => g.options).find((o) => o.value === v)?.label ?? '')}
              data-testid="opinion-stock"
            />
          </Form.Item>
        )}
        <Form.Item label={L('办理意见', 'Opinion')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input.TextArea
            rows={3}
            maxLength={1000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            data-testid="opinion-content"
          />
        </Form.Item>
      </Form>
      <Space wrap>
        {(buttons.data ?? []).map((b) => (
          <Button
            key={b.id}
            type={COMPLETES.has(b.action) && b.action === 'pass' ? 'primary' : 'default'}
            danger={b.action === 'reject' || b.action === 'notAccept'}
            loading={busy}
            onClick={() => void press(b).catch(p.onError)}
            data-testid={`opinion-btn-${b.action ?? b.id}`}
          >
            {b.name}
          </Button>
        ))}
      </Space>
      <Modal
        open={Boolean(pending)}
        title={pending?.button.name}
        onCancel={() => setPending(undefined)}
        onOk={() => void confirm()}
        okButtonProps={{ loading: busy, 'data-testid': 'opinion-confirm' } as ButtonProps}
        destroyOnHidden
        data-testid="opinion-dialog"
      >
        {pending?.button.action === 'back' ? (
          <Form.Item label={L('退回到', 'Back to')} required>
            <Select value={target} onChange={setTarget} options={backTargets(back.data ?? [], p.activityId)} data-testid="opinion-target" />
          </Form.Item>
        ) : pending?.next?.end ? (
          <p>{L('下一步为办结，确定提交吗？', 'The next step ends the process. Submit?')}</p>
        ) : pending?.next ? (
          <Form.Item
            label={L(`下一环节：${pending.next.activityName ?? ''}，办理人`, `Next: ${pending.next.activityName ?? ''}, handled by`)}
          >
            {pending.next.users.length ? (
              <Checkbox.Group
                value={chosen}
                onChange={(v) => setChosen(v as string[])}
                options={pending.next.users.map((u) => ({
                  value: u.id,
                  label: `${u.realName ?? u.account ?? u.id}${u.deptName ? `（${u.deptName}）` : ''}`,
                }))}
                data-testid="opinion-next-users"
              />
            ) : (
              <Alert type="warning" message={L('下一环节没有可选的办理人', 'Nobody may handle the next step')} />
            )}
          </Form.Item>
        ) : (
          <p>{L(`确定${pending?.button.name ?? ''}吗？`, `${pending?.button.name ?? ''}?`)}</p>
        )}
      </Modal>
    </section>
  );
}
