import { test } from '@playwright/test';
import { ACCOUNT_IDS } from '../../fixtures/ids.ts';
import { signIn } from './helpers/session.ts';

for (const [label, width, height] of [['desktop', 1366, 900], ['phone', 390, 844]] as const) {
  test(`conflict dialog ${label}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, 'writer@northwind.test');
    const created = await page.request.post('/api/v1/measurement', {
      data: { account: ACCOUNT_IDS.northwind, name: `Shot ${Date.now()}`, status: 'draft', start_date: '2026-11-01', end_date: '2026-11-30', channels: [], formats: [], media_partners: [], labels: [], ad_server: null, custom_parameter_template: null, project: null, contract: null },
    });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await page.goto(`/measurements/${id}/edit`);
    await page.getByLabel('Name').waitFor();
    await page.request.put(`/api/v1/measurement?id=${id}`, { data: { name: 'Theirs' } });
    await page.getByLabel('Name').fill('Mine');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/i17-conflict-${label}.png` });
  });
}
