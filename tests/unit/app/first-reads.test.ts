/**
 * A preloaded read helps only when the app's own request asks for the very same URL: otherwise the
 * browser downloads it twice. These pin the preloads to the calls that use them (the HTML's own,
 * app.astro; a route's, scripts/route-preload.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../../src/app/routes/index.ts';
import { fetchMeasurement } from '../../../src/app/features/measurements/data.ts';
import { resourceUrl } from '../../../src/lib/api.ts';
import { APP_START_READS } from '../../../src/lib/preload.ts';
import { lookupName } from '../../../src/app/shell/Breadcrumbs.tsx';
import { loadAccounts } from '../../../src/stores/account.ts';
import { $currentUser, refreshCurrentUser } from '../../../src/stores/session.ts';

const ID = '66400000000000000000003d';

/** The URLs fetch was asked for while `run` ran (every answer an empty list). */
async function requested(run: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    return Promise.resolve(new Response(JSON.stringify({ data: [], count: 0 }), { status: 200 }));
  });
  await run().catch(() => {});
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('reads started before the app has drawn', () => {
  it('the HTML preloads the current user and the accounts, as the stores ask for them', async () => {
    const user = await requested(refreshCurrentUser);
    $currentUser.set({ id: 'u1', role: 'admin', account: 'a1' } as never);
    const accounts = await requested(() => loadAccounts(true));
    expect([...user, ...accounts]).toEqual(APP_START_READS);
  });

  it('a record’s page preloads its record at the URL its breadcrumb reads it by, for its name', async () => {
    // scripts/route-preload.ts preloads resourceUrl(resource, { id }) for each record the path names.
    const lookup = { service: 'api' as const, resource: 'user', id: 'u1' };
    expect(await requested(() => lookupName(lookup))).toEqual([resourceUrl('user', { id: 'u1' })]);
  });

  it('a dashboard preloads its measurement, as the dashboard reads it', async () => {
    const { route, params } = findRoute(`/measurements/${ID}`);
    expect(route.page).toBe('measurements/DashboardPage');
    expect(await requested(() => fetchMeasurement(ID))).toEqual(route.firstReads?.(params));
  });
});
