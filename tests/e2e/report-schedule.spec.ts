/**
 * A scheduled report in a browser: a person schedules a saved report weekly from its
 * page, the sandbox clock moves a week on, and the mail with its CSV is in the outbox; the CSV's
 * totals are the report page's.
 */
import type { OutboxMessage } from '../../src/shared/schemas/self-service.ts';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { parseCsv } from '../../src/shared/csv.ts';
import { formatMetric } from '../../src/shared/metrics.ts';
import { expect as baseExpect, test } from './helpers/sandbox.ts';
import { clickAway, typeInto } from './helpers/person.ts';
import { savedReportBody } from '../helpers/bodies.ts';
import { openApp, signIn } from './helpers/session.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const WRITER = 'writer@northwind.test';

// The clock back where test mode starts it (and the schedule gone), for the worker's next test.
test.afterEach(async ({ lamp }) => {
  await lamp.reset();
});

test('schedules a report weekly, and a week later its CSV is in the outbox with the page’s totals', async ({
  page,
  lamp,
}) => {
  // Thursday 29 October 2026, near the fixtures' day: the next Monday 09:00 in London is 2 November.
  await lamp.setClock({ now: '2026-10-29T12:00:00.000Z', frozen: true });
  await lamp.clearOutbox();
  await signIn(page, WRITER);
  const name = `Weekly mail ${Date.now().toString(36)}`;
  const saved = await page.request.post('/api/v1/saved-report', {
    data: savedReportBody(name, ACCOUNT_IDS.northwind),
  });
  expect(saved.status()).toBe(201);

  await openApp(page, `/reports/saved/${encodeURIComponent(name)}?account=${ACCOUNT_IDS.northwind}`);
  await page.getByRole('button', { name: 'Schedule by e-mail' }).click();
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await schedule.getByLabel('Frequency').selectOption('weekly');
  await schedule.getByLabel('Day of the week').selectOption('monday');
  // The zone is chosen from the list: a few letters narrow it, a click picks one.
  const zone = schedule.getByRole('combobox', { name: 'Time zone' });
  await zone.click({ clickCount: 3 });
  await typeInto(zone, 'lond');
  await page.getByRole('option', { name: 'Europe/London' }).click();
  await expect(zone).toHaveValue('Europe/London');
  await clickAway(page, schedule.getByLabel('Recipients'));
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(schedule.getByText('Weekly on Monday at 09:00 (Europe/London)')).toBeVisible();

  // A second delivery of the same report (another rhythm, another zone) is listed beside the first.
  await schedule.getByRole('button', { name: 'Add another schedule' }).click();
  await schedule.getByLabel('Frequency').selectOption('monthly');
  const secondZone = schedule.getByRole('combobox', { name: 'Time zone' });
  await secondZone.click({ clickCount: 3 });
  await typeInto(secondZone, 'tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await clickAway(page, schedule.getByLabel('Recipients'));
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  const monthly = schedule.getByRole('group', { name: 'Monthly on day 1 at 09:00 (Asia/Tokyo)' });
  await expect(monthly).toBeVisible();
  await expect(schedule.getByRole('group', { name: 'Weekly on Monday at 09:00 (Europe/London)' })).toBeVisible();
  // The saved reports list names both in the report's Schedule column.
  await page.getByRole('link', { name: 'Saved Reports', exact: true }).first().click();
  await typeInto(page.getByRole('searchbox', { name: 'Search saved reports' }), name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Weekly on Monday at 09:00 (Europe/London); Monthly on day 1 at 09:00 (Asia/Tokyo)');
  await page.goBack();

  // Each has its own actions: deleting the monthly one leaves the weekly one.
  await monthly.getByRole('button', { name: 'Delete schedule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(monthly).toHaveCount(0);
  await expect(schedule.getByText('Weekly on Monday at 09:00 (Europe/London)')).toBeVisible();

  // A week on: the Monday slot has passed, and moving the clock delivered it.
  await lamp.setClock({ now: '2026-11-05T12:00:00.000Z', frozen: true });
  const mails = (await lamp.outbox({ to: WRITER })).filter((mail: OutboxMessage) => mail.kind === 'scheduled-report');
  expect(mails).toHaveLength(1);
  const csv = parseCsv(mails[0]!.attachments![0]!.content);
  expect(csv.header).toEqual(['Channel', 'Impressions', 'APM']);
  const totals = csv.rows.at(-1)!;
  expect(totals[0]).toBe('Total');

  // The page, on the same clock, shows the same totals.
  await signIn(page, WRITER);
  await openApp(page, `/reports/saved/${encodeURIComponent(name)}?account=${ACCOUNT_IDS.northwind}`, { reload: true });
  const cells = page.getByTestId('report-totals');
  await expect(cells.locator('[data-column="impressions"]')).toHaveText(formatMetric('impressions', Number(totals[1])));
  await expect(cells.locator('[data-column="apm"]')).toHaveText(formatMetric('apm', Number(totals[2])));
  await expect(page.getByRole('region', { name: 'Schedule' }).getByRole('cell', { name: 'Sent' })).toBeVisible();
});
