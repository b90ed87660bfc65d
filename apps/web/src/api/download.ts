import { http } from './request.ts';
import { toastError } from './toast.ts';

/**
 * Downloads a file answer (Excel exports, templates) with the session's headers. A refusal comes
 * back as the JSON envelope inside the blob: its message is shown instead.
 */
export async function downloadFile(url: string, params: Record<string, unknown>, fallbackName: string): Promise<boolean> {
  const res = await http
    .get<Blob>(url, { params, responseType: 'blob', meta: { silentCodes: 'all' } })
    .catch((e: { data?: Blob; status?: number }) => e);
  const blob = (res as { data?: Blob }).data;
  const status = (res as { status?: number }).status ?? 0;
  if (!(blob instanceof Blob) || status !== 200 || blob.type.includes('json')) {
    let msg = '';
    try {
      msg = JSON.parse((await blob?.text()) ?? '{}').msg ?? '';
    } catch {}
    toastError(msg || '下载失败');
    return false;
  }
  const disposition = String((res as { headers?: Record<string, string> }).headers?.['content-disposition'] ?? '');
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return true;
}
