import '../../i18n/crud-texts.ts';
import { Modal, message } from 'antd';
import { postData } from '../../api/request.ts';
import { i18n } from '../../i18n/index.ts';

/**
 * Asks, then calls a POST that takes its arguments as query parameters (BladeX `@RequestParam`
 * calls: grant, reset-password, changeStatus…); says done and runs `after`. A refusal has been
 * shown by the request layer and keeps the dialog closable.
 */
export function confirmPost(content: string, url: string, params: Record<string, string>, after: () => void) {
  Modal.confirm({
    title: i18n.t('crud.confirmTitle'),
    content,
    okText: i18n.t('crud.ok'),
    cancelText: i18n.t('crud.cancel'),
    okButtonProps: { 'data-testid': 'confirm-ok' },
    onOk: async () => (await postParams(url, params)) && after(),
  });
}

/** Calls a POST with query parameters; true when the server accepted it. */
export async function postParams(url: string, params: Record<string, string>): Promise<boolean> {
  try {
    await postData(url, null, { params });
  } catch {
    return false;
  }
  message.success(i18n.t('sys.common.done'));
  return true;
}
