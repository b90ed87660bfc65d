import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './waits.ts';

// The generic add/edit/view dialog and the delete confirmation.

export const dialog = (page: Page) => page.getByTestId('resource-dialog');

export const DELETE_CONFIRM = '确定将选择数据删除?';

/** Opens the add/edit/view dialog with `trigger` and waits until its form is loaded and shown. */
export async function openDialog(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  await settled(dialog(page), '.ant-modal').waitFor();
  // The form (and its footer) replaces a spinner once the dialog's request (defaults or detail) is done.
  await page.getByTestId('dialog-cancel').waitFor();
  return dialog(page);
}

/** Waits for the delete confirmation, checks its text and confirms. */
export async function confirmDelete(page: Page): Promise<void> {
  const confirm = settled(page, '.ant-modal-confirm');
  await confirm.waitFor();
  // A screen may say what else goes (a tenant's data) after the usual question.
  const text = await confirm.locator('.ant-modal-confirm-content').innerText();
  expect(text.startsWith(DELETE_CONFIRM), text).toBe(true);
  await page.getByTestId('confirm-ok').click();
}

/** Texts of the dialog's error messages, in order. */
export const dialogErrors = (page: Page) => dialog(page).locator('.ant-form-item-explain-error').allInnerTexts();

/** The form item around a dialog field (label, control, messages). */
export const formItem = (page: Page, key: string) =>
  dialog(page)
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(`field-${key}`) });

/** What a dialog field shows: an input's value, a select's chosen label(s). */
export async function shownValue(page: Page, key: string): Promise<string> {
  const field = dialog(page).getByTestId(`field-${key}`);
  if (await field.evaluate((el) => el.matches('input, textarea'))) return field.inputValue();
  // The rich-text editor: its text.
  if (await field.evaluate((el) => el.hasAttribute('data-rich-text'))) return (await field.innerText()).trim();
  return (await field.locator('.ant-select-selection-item').allInnerTexts()).join(', ');
}

/** Whether a dialog field can be changed (inputs: not disabled or read-only; selects and pickers: no antd disabled class). */
export const isEditable = (page: Page, key: string): Promise<boolean> =>
  dialog(page)
    .getByTestId(`field-${key}`)
    .evaluate((el) =>
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
        ? !el.disabled && !el.readOnly
        : el.hasAttribute('data-rich-text')
          ? (el as HTMLElement).isContentEditable
          : !/-disabled\b/.test(el.className),
    );
