/**
 * The dashboard lists (spec §7: GET /api/spotlight/dashboard/data/{name}_list/) behind /spotlight:
 * brief_list is the company's most recent studies; stim_list ranks its assets by % noticed against
 * their category norm (best and worst five) with the company's headline figures.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, type AnswerOf } from '../../../src/shared/endpoints/index.ts';
import type { StoredRow } from '../../store/repositories.ts';
import { routeFrom } from '../endpoint-route.ts';
import { spotlightContext, spotlightGuard } from './guard.ts';
import { spotlightStore } from './store.ts';

const RECENT = 5;
const RANKED = 5;

interface Results {
  noticed_pct: number;
  dwell_s: number;
  ttff_s: number;
  recall_uplift_pts: number;
  sample: number;
  norms: { noticed_pct: number };
}

// The store's rows are untyped; the answer's schema checks them on the way out.
type Studies = AnswerOf<typeof endpoints.spotlightRecentStudies>['data'];
type Asset = AnswerOf<typeof endpoints.spotlightRankedAssets>['data']['best'][number];

const mean = (values: number[]) =>
  values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;

export function spotlightDashboardRoutes(app: FastifyInstance) {
  const store = spotlightStore(app.repositories);
  // The token, not the session, lets a request in: the guard checks it.
  const guarded = { config: { access: 'public' }, onRequest: spotlightGuard(app) } as const;

  routeFrom(app, endpoints.spotlightRecentStudies, guarded, (request) => {
    const ctx = spotlightContext(request);
    const recent = [...store.briefs.findBy('company', ctx.company.id)]
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || (a.id < b.id ? 1 : -1))
      .slice(0, RECENT);
    const data = recent.map((row) => ({ ...row, asset_count: store.stims.findBy('brief', row.id).length }));
    return { data: data as Studies };
  });

  routeFrom(app, endpoints.spotlightRankedAssets, guarded, (request) => {
    const ctx = spotlightContext(request);
    const briefs = store.briefs.findBy('company', ctx.company.id);
    const all = store.stims.findBy('company', ctx.company.id);
    const measured = all.filter((row) => row.results) as (StoredRow & { results: Results })[];
    const index = (row: StoredRow & { results: Results }) => row.results.noticed_pct / row.results.norms.noticed_pct;
    const ranked = [...measured].sort((a, b) => index(b) - index(a) || (a.id < b.id ? -1 : 1));
    const view = (row: StoredRow) =>
      ({
        ...row,
        brief_name: String((store.briefs.byId(String(row.brief))?.name as string | undefined) ?? ''),
      }) as unknown as Asset;
    const best = ranked.slice(0, RANKED);
    const worst = ranked.slice(Math.max(RANKED, ranked.length - RANKED)).reverse();
    return {
      data: {
        best: best.map(view),
        worst: worst.map(view),
        headline: {
          studies: briefs.length,
          assets: all.length,
          assets_with_results: measured.length,
          panellists: briefs.reduce((sum, row) => sum + Number(row.sample_size) * Number(row.cells), 0),
          noticed_pct: mean(measured.map((row) => row.results.noticed_pct)),
          dwell_s: mean(measured.map((row) => row.results.dwell_s)),
          ttff_s: mean(measured.map((row) => row.results.ttff_s)),
          recall_uplift_pts: mean(measured.map((row) => row.results.recall_uplift_pts)),
        },
      },
    };
  });
}
