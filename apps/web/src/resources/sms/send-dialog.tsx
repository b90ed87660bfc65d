import { Form, Input, Modal, message, Typography } from 'antd';
import type { AxiosResponse } from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../api/request.ts';
import { type Checked, checkParams, checkPhones } from './send-input.ts';

type Values = { phones?: string; params?: string };
type Answer = { ok: boolean; text: string };

/**
 * A test message through one SMS setting (`endpoint/send-message?code=&phones=&params=`). The
 * server's answer is shown in the dialog: 发送成功, or why it refused (an unconnected provider, its
 * own phone check), so the administrator can try again without reopening.
 */
export function SmsSendDialog({ api, code, onClose }: { api: string; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const rule = <T,>(check: (text: string | undefined) => Checked<T>) => ({
    validator: async (_: unknown, text: string | undefined) => {
      const c = check(text);
      if (!c.ok) throw new Error(t(c.error, c.vars));
    },
  });

  const send = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const phones = checkPhones(v.phones);
    const params = checkParams(v.params);
    if (!phones.ok || !params.ok) return; // validateFields has shown why
    setSending(true);
    setAnswer(null);
    try {
      const res = await http.post<Envelope<boolean>>(`${api}/endpoint/send-message`, null, {
        params: { code, phones: phones.value.join(','), params: JSON.stringify(params.value) },
        meta: { silentCodes: [400] },
      });
      setAnswer({ ok: true, text: res.data.msg });
      message.success(res.data.msg);
    } catch (e) {
      // A 400 arrives as the raw response (silentCodes); anything else has been shown by the request layer.
      const msg = (e as Partial<AxiosResponse<Envelope<unknown>>>)?.data?.msg;
      if (msg) setAnswer({ ok: false, text: msg });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      width={520}
      title={t('sys.sms.sendTitle', { code })}
      onCancel={onClose}
      onOk={send}
      okText={t('sys.sms.sendOk')}
      cancelText={t('sys.common.close')}
      okButtonProps={{ 'data-testid': 'dialog-submit', loading: sending }}
      wrapProps={{ 'data-testid': 'sms-send-dialog' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="phones" label={t('sys.sms.phones')} extra={t('sys.sms.phonesHint')} rules={[rule(checkPhones)]}>
          <Input data-testid="field-phones" autoFocus allowClear />
        </Form.Item>
        <Form.Item name="params" label={t('sys.sms.params')} extra={t('sys.sms.paramsHint')} rules={[rule(checkParams)]}>
          <Input.TextArea data-testid="field-params" rows={3} />
        </Form.Item>
      </Form>
      {answer && (
        <Typography.Text data-testid="sms-send-answer" type={answer.ok ? 'success' : 'danger'}>
          {answer.text}
        </Typography.Text>
      )}
    </Modal>
  );
}
