import type { FieldDef, Resource } from '@civdesk/meta';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dialog, openDialog, shownValue } from './dialogs.ts';
import { openDropdown, pickOption, pickTreeNode } from './pickers.ts';
import { freeInt } from './rows.ts';
import { dialogFields, firstOfOneOf, nowText, someInt, typedText, widgetOf } from './values.ts';
import { expectToast, listResponse, writeResponse } from './waits.ts';

// Filling the generic form the way a user does, with values derived from the definition.

/** Sets one dialog field the way a user does; returns what the table will show (labels for choices). */
export async function fillField(page: Page, r: Resource, key: string, f: FieldDef, text?: string): Promise<string> {
  const input = dialog(page).getByTestId(`field-${key}`);
  const w = widgetOf(f);
  switch (w) {
    case 'select':
      return pickOption(page, input);
    case 'tree':
      return pickTreeNode(page, input);
    case 'multiSelect':
    case 'multiTree':
      // The table lists every chosen label, comma-separated.
      if (w === 'multiSelect') await pickOption(page, input, { multiple: true });
      else await pickTreeNode(page, input, true);
      return shownValue(page, key);
    case 'date':
    case 'datetime': {
      // Typed into the picker and confirmed with Enter, as a keyboard user does.
      const value = text ?? nowText(w);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
      await openDropdown(page).waitFor({ state: 'hidden' });
      expect(await input.inputValue()).toBe(value);
      return value;
    }
    case 'number': {
      const value = text ?? String(f.unique ? await freeInt(page, r, key, f) : someInt(f));
      await input.fill(value);
      return value;
    }
    case 'text': {
      const value = text ?? typedText(r, key, f);
      await input.fill(value);
      return value;
    }
  }
}

/**
 * Fills the add dialog: every required field without a default, the first of each one-of group, the listed dictionary and option
 * selects (the table shows their label), and the fields named in `text` (with that text) or `also`.
 * Returns what was entered, labels for choices.
 */
export async function fillNewRow(
  page: Page,
  r: Resource,
  text: Record<string, string> = {},
  also: string[] = [],
): Promise<Record<string, string>> {
  const entered: Record<string, string> = {};
  const oneOf = firstOfOneOf(r);
  for (const [key, f] of dialogFields(r)) {
    const choice = (f.type === 'dict' || f.type === 'enum') && f.default === undefined && Boolean(f.list);
    const wanted = (f.required && f.default === undefined) || oneOf.has(key) || choice || key in text || also.includes(key);
    if (wanted) entered[key] = await fillField(page, r, key, f, text[key]);
  }
  return entered;
}

/** Adds a row through the dialog; resolves to the new row's id and what was entered. */
export async function addRow(
  page: Page,
  r: Resource,
  text: Record<string, string> = {},
  also: string[] = [],
): Promise<{ id: string; entered: Record<string, string> }> {
  await openDialog(page, page.getByTestId('btn-add'));
  const entered = await fillNewRow(page, r, text, also);
  const saved = writeResponse(page, r, 'submit');
  const reloaded = listResponse(page, r);
  let id = '';
  await expectToast(page, '新增成功', async () => {
    await page.getByTestId('dialog-submit').click();
    const body = await (await saved).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    id = body.data.id;
  });
  await reloaded;
  await dialog(page).waitFor({ state: 'hidden' });
  return { id, entered };
}
