// antd's message is loaded on first use, so a page that never shows one (the sign-in page on
// success) does not download it.
const pending = new Set<Promise<unknown>>();

function show(kind: 'error' | 'warning' | 'success', text: string): void {
  const shown = import('antd/es/message').then((m) => m.default[kind](text));
  pending.add(shown);
  void shown.finally(() => pending.delete(shown));
}

/** Resolves once every toast asked for so far is on screen (tests clear toasts only after that). */
export async function toastsShown(): Promise<void> {
  await Promise.allSettled([...pending]);
}

export function toastError(text: string): void {
  show('error', text);
}

export function toastWarning(text: string): void {
  show('warning', text);
}

export function toastSuccess(text: string): void {
  show('success', text);
}
