/**
 * A person at the keyboard and mouse: browser tests of the flows a demo shows use these
 * instead of `fill()`, which sets a value in one step and skips what a person's typing sets off
 * (a key press at a time, debounced searches answering in between, focus leaving by a click).
 * A picker that loses its choice when the field loses focus passed every `fill()` test; these
 * helpers make that fault show.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks into a field, clears what it holds as a person would (select all, delete) and types
 * `text` one key at a time.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  if (text) await field.pressSequentially(text, { delay: 15 });
}

/**
 * Leaves the field that has focus the way a person does between steps: a pointer click on some
 * plain text of the page (`on`, by default the page's main heading), not a focus call.
 */
export async function clickAway(page: Page, on?: Locator): Promise<void> {
  // By CSS: an open list hides the rest of the page from the accessibility tree meanwhile.
  const target = on ?? page.locator('h1').first();
  await target.click();
}

/**
 * Picks from a searchable combobox as a person does: types part of the name key by key, clicks the
 * option that appears (found by its visible name), and checks the box then reads the chosen name.
 */
export async function pickFromCombobox(
  page: Page,
  combobox: Locator,
  typed: string,
  option: string | RegExp,
  shown: string = typeof option === 'string' ? option : typed,
): Promise<void> {
  await typeInto(combobox, typed);
  await page.getByRole('option', { name: option }).first().click();
  await expect(combobox).toHaveValue(shown);
}

/**
 * Types a date into a date field key by key, in the order the browser's en-US date field takes
 * (month, day, year), as a person using the keyboard does.
 */
export async function typeDate(field: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-');
  // A click at the field's left edge lands on its first part (the month); each part moves on to
  // the next once it is full.
  const box = await field.boundingBox();
  await field.click({ position: { x: 16, y: (box?.height ?? 20) / 2 } });
  await field.pressSequentially(`${month}${day}${year}`, { delay: 15 });
}

/** Escapes a text for use inside a RegExp. */
export function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
