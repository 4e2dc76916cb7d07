/**
 * Managing Spotlight as a person does: partner@contoso.test (a Spotlight manager) creates a study
 * by typing it in (a date range out of order is refused on the end date first), uploads two
 * creatives (a file of the wrong type is refused on the file field), draws an area of interest on
 * one with the pointer (one pushed outside the creative is refused on its field), and moves the
 * study to fielding, after which its assets no longer change.
 */
import { png } from '../support/media-files.ts';
import { messages } from '../../src/shared/messages.ts';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { clickAway, typeDate, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

test('a manager creates a study, uploads two assets, draws an area of interest and starts fielding', async ({
  page,
}) => {
  const name = `Frost Cola: winter cans ${test.info().workerIndex}-${Date.now() % 100_000}`;
  await signIn(page, 'partner@contoso.test');
  await openApp(page, '/spotlight/studies');
  await page.getByRole('link', { name: 'New study' }).click();
  await expect(page.getByRole('heading', { name: 'New study' })).toBeVisible();

  await typeInto(page.getByRole('textbox', { name: 'Name' }), name);
  await typeInto(page.getByRole('textbox', { name: 'Objective' }), 'Is the new can seen in the feed?');
  await page.getByRole('button', { name: /Context/ }).click();
  await page.getByRole('option', { name: 'Social feed' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Sample size per cell' }), '150');
  await typeInto(page.getByRole('textbox', { name: 'Cells' }), '2');
  await typeDate(page.getByLabel('Start date'), '2026-12-14');
  await typeDate(page.getByLabel('End date'), '2026-12-01');
  await clickAway(page);
  await page.getByRole('button', { name: 'Create study' }).click();
  await expect(page.getByText(messages.validation.endBeforeStartText)).toBeVisible();
  await expect(page).toHaveURL(/\/spotlight\/studies\/create$/);

  await typeDate(page.getByLabel('End date'), '2026-12-28');
  await clickAway(page);
  await page.getByRole('button', { name: 'Create study' }).click();
  await expect(page).toHaveURL(/\/spotlight\/studies\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();

  // Two creatives chosen from the computer; a text file first, which is refused on the field.
  const file = page.getByLabel('Creative file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText(messages.spotlight.fileType)).toBeVisible();
  const assets = page.getByRole('table', { name: 'Assets of the study' });
  for (const [fileName, colour] of [
    ['can-hero.png', [14, 116, 144]],
    ['can-pack.png', [190, 60, 40]],
  ] as const) {
    await file.setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png(480, 600, { colour: [...colour] }) });
    await typeInto(page.getByRole('textbox', { name: 'Format' }), 'Feed 4:5');
    await clickAway(page);
    await page.getByRole('button', { name: 'Upload asset' }).click();
    await expect(assets.getByRole('link', { name: fileName.replace('.png', '').replace('-', ' ') })).toBeVisible();
  }
  await expect(assets.getByRole('rowheader')).toHaveCount(2);
  await expect(assets.getByText('Feed 4:5 · 480×600 · image').first()).toBeVisible();

  // The second goes first.
  await page.getByRole('button', { name: 'Move can pack up' }).click();
  await expect(assets.getByRole('link').first()).toHaveText('can pack');

  // An area of interest drawn with the pointer on the first asset.
  await assets.getByRole('link', { name: 'can hero' }).click();
  const surface = page.getByRole('application', { name: 'Draw an area of interest' });
  await expect(page.getByRole('img', { name: 'Creative: can hero' })).toBeVisible();
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await typeInto(page.getByRole('textbox', { name: 'Area name' }), 'Logo');
  // Pushed past the right edge: refused on its field before anything is sent.
  await typeInto(page.getByRole('textbox', { name: 'Width (%)' }), '95');
  await clickAway(page);
  await page.getByRole('button', { name: 'Save areas' }).click();
  await expect(page.getByText(messages.spotlight.areaOutside)).toBeVisible();
  await typeInto(page.getByRole('textbox', { name: 'Width (%)' }), '40');
  await clickAway(page);
  await page.getByRole('button', { name: 'Save areas' }).click();
  await expect(page.getByText('Areas of interest saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logo' })).toBeVisible();

  // Back to the study, and into the field.
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(assets.getByText('1 area of interest')).toBeVisible();
  await page.getByRole('button', { name: 'Start fielding' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start fielding' }).click();
  await expect(page.getByText('Fielding', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload asset' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move can pack down' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark complete' })).toBeVisible();

  // A study without results can still be deleted; this also leaves the worker's sandbox with the
  // demo's studies, which later specs count.
  await page.getByRole('main').getByRole('button', { name: 'Delete study' }).click();
  await expect(page.getByRole('dialog')).toContainText('The study and its 2 assets are deleted.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete study' }).click();
  await expect(page).toHaveURL(/\/spotlight\/studies$/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('onboarding gives the two ids for the account manager in one box, copied with one click', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'selfserve@fabrikam.test');
  await openApp(page, '/spotlight');
  const ids = page.getByRole('textbox', { name: 'Your ids' });
  await expect(ids).toHaveValue(/^User id: [0-9a-f]{24}\nCompany id: [0-9a-f]{24}$/);
  await page.getByRole('button', { name: messages.spotlight.copyIds }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.spotlight.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await ids.inputValue());
});
