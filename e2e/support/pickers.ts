import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dialog } from './dialogs.ts';
import { eventually, settled } from './waits.ts';

// Choosing in antd selects and tree selects the way a user does: open, click, see it chosen.

/** The dropdown of the select that is open now. */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Opens a select and picks an option from its dropdown: the one titled `label`, else the first one
 * not titled `avoid`. Several-choice selects stay open after a pick and are closed with Escape.
 * Returns the picked option's text.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  { label, avoid, multiple = false }: { label?: string; avoid?: string; multiple?: boolean } = {},
): Promise<string> {
  await select.click();
  const options = openDropdown(page).locator('.ant-select-item-option');
  await options.first().waitFor();
  // A several-choice select adds an option not chosen yet (a chosen one would be taken away).
  const candidates = multiple ? options.and(page.locator(':not(.ant-select-item-option-selected)')) : options;
  const allowed = avoid !== undefined ? candidates.and(page.locator(`:not([title="${avoid}"])`)) : candidates;
  // Rows the screen walk adds (their text starts `e2e`) are deleted by their own screen's steps,
  // which may run beside this one: a row referring to one could not be saved again. Another
  // option is taken where there is one.
  const lasting = allowed.and(page.locator(':not([title^="e2e"])'));
  const option =
    label !== undefined ? candidates.and(page.locator(`[title="${label}"]`)) : ((await lasting.count()) > 0 ? lasting : allowed).first();
  const text = (await option.getAttribute('title')) ?? (await option.innerText());
  await option.click();
  if (multiple) await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'hidden' });
  return text;
}

/**
 * Opens a tree select and picks its first node (checks it in a several-choice tree). Once the
 * choice shows in the select, an open dropdown is closed with Escape, as a keyboard user does: a
 * several-choice tree stays open for more, and a single one that closes itself is left alone. The
 * dialog must still be open afterwards: Escape closes the dropdown, not the dialog around it.
 */
export async function pickTreeNode(page: Page, select: Locator, multiple = false): Promise<string> {
  await select.click();
  const node = openDropdown(page).locator('.ant-select-tree-treenode:not([aria-hidden])').first();
  await node.waitFor();
  const title = node.locator('.ant-select-tree-node-content-wrapper');
  const text = (await title.getAttribute('title')) ?? (await title.innerText());
  await (multiple ? node.locator('.ant-select-tree-checkbox') : title).click();
  // The choice registered: the select shows it (a checked branch shows its checked leaves).
  if (multiple) {
    await node.locator('.ant-select-tree-checkbox-checked').waitFor();
    await select.locator('.ant-select-selection-item').first().waitFor();
  } else await eventually(() => select.locator('.ant-select-selection-item').innerText()).toBe(text);
  // A single tree closes in the same render that shows the choice: still expanded now, it stays open.
  if ((await select.locator('[role="combobox"]').getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'hidden' });
  // The dialog neither closed nor started closing (it would be animating).
  expect(await settled(dialog(page), '.ant-modal').isVisible(), 'the dialog stays open').toBe(true);
  return text;
}
