// antd's message is loaded on first use, so a page that never shows one (the sign-in page on
// success) does not download it.
const load = () => import('antd/es/message').then((m) => m.default);

export function toastError(text: string): void {
  void load().then((message) => message.error(text));
}

export function toastWarning(text: string): void {
  void load().then((message) => message.warning(text));
}

export function toastSuccess(text: string): void {
  void load().then((message) => message.success(text));
}
