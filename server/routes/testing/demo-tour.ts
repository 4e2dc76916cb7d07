/**
 * GET /api/v1/demo/tour (demo and test modes): the figures of the demo script in the user guide
 * (/documentation/demo), computed from the request's store on its clock. The script names pages
 * and personas; every number, name and date it quotes comes from here, so it stays true after a
 * reset, on any day, and after a presenter's own edits. Its list names only the story's rows (the
 * fixtures'), so rows made during one demo do not show in the script of the next.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_IDS, isFixtureId, USER_IDS } from '../../../src/shared/demo-data.ts';
import { IMPORT_JOB_STATES } from '../../../src/shared/schemas/import-job.ts';
import { MEASUREMENT_STATUSES } from '../../../src/shared/schemas/measurement.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import type { DemoTour } from '../../../src/shared/schemas/demo-tour.ts';
import { isDemoLike } from '../../config.ts';
import { todayUtc } from '../../sandbox/context.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import { routeFrom } from '../endpoint-route.ts';
import { personaSummary } from './outbox.ts';
import { spotlightStore } from '../spotlight/store.ts';

/** Who shows each part of the tour: the agency admin, the Spotlight partner, the super user. */
const TOUR_PERSONAS = {
  agency: USER_IDS.northwindAdmin,
  spotlight: USER_IDS.contosoPartner,
  imports: USER_IDS.super,
} as const;

const text = (row: StoredRow | undefined, field: string): string => {
  const value = row?.[field];
  return typeof value === 'string' ? value : '';
};
const newestFirst = (a: StoredRow, b: StoredRow) => text(b, 'created_at').localeCompare(text(a, 'created_at'));

function countBy<const Keys extends readonly string[]>(rows: readonly StoredRow[], keys: Keys) {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<Keys[number], number>;
  for (const row of rows) {
    const key = text(row, 'status') as Keys[number];
    if (key in counts) counts[key] += 1;
  }
  return counts;
}

function persona(repositories: Repositories, userId: string) {
  const user = repositories.user.byId(userId);
  return user ? personaSummary(repositories, user) : { email: '', name: '', account_name: '' };
}

/** The measurement of the agency's newest active deal with a minimum APM (else its newest deal). */
function featured(repositories: Repositories, accountId: string): DemoTour['featured'] {
  const deals = repositories.activation.byOwners([accountId]).sort(newestFirst);
  const withMeasurement = deals.filter((deal) => repositories.measurement.byId(text(deal, 'measurement')));
  // A deal with a minimum APM is the story the tour tells: attention decides what is bought.
  const active = withMeasurement.filter((row) => row.status === 'active');
  const deal = active.find((row) => typeof row.min_apm === 'number') ?? active[0] ?? withMeasurement[0];
  const measurement = deal && repositories.measurement.byId(text(deal, 'measurement'));
  if (!deal || !measurement) return null;
  return {
    measurement: {
      id: measurement.id,
      name: measurement.name,
      start_date: measurement.start_date,
      end_date: measurement.end_date,
      impressions: measurement.impressions,
      apm: measurement.apm ?? null,
    },
    activation: {
      name: text(deal, 'name'),
      deal_id: deal.deal_id ?? null,
      platform: text(repositories['third-party-macro-vendor'].byId(text(deal, 'vendor')), 'name'),
      min_apm: deal.min_apm ?? null,
    },
  };
}

function spotlight(repositories: Repositories, accountId: string): Omit<DemoTour['spotlight'], 'persona'> {
  const store = spotlightStore(repositories);
  const company = store.companyOfAccount(accountId);
  if (!company) return { studies: 0, assets: 0, best_asset: null };
  const briefs = store.briefs.findBy('company', company.id);
  const stims = store.stims.findBy('company', company.id);
  const complete = new Set(briefs.filter((brief) => brief.status === 'complete').map((brief) => brief.id));
  const results = (stim: StoredRow) => stim.results as { noticed_pct?: number; dwell_s?: number } | null | undefined;
  const best = stims
    .filter((stim) => complete.has(text(stim, 'brief')) && typeof results(stim)?.noticed_pct === 'number')
    .sort((a, b) => (results(b)?.noticed_pct ?? 0) - (results(a)?.noticed_pct ?? 0) || a.id.localeCompare(b.id))[0];
  return {
    studies: briefs.length,
    assets: stims.length,
    best_asset: best
      ? {
          id: best.id,
          name: text(best, 'name'),
          noticed_pct: results(best)?.noticed_pct ?? 0,
          dwell_s: results(best)?.dwell_s ?? 0,
        }
      : null,
  };
}

export function demoTour(repositories: Repositories): DemoTour {
  const agency = ACCOUNT_IDS.northwind;
  return {
    today: todayUtc(),
    agency: {
      persona: persona(repositories, TOUR_PERSONAS.agency),
      measurements: countBy(repositories.measurement.byOwners([agency]), MEASUREMENT_STATUSES),
      // The story's reports, not those a presenter or a visitor saved during a demo.
      saved_reports: repositories['saved-report']
        .byOwners([agency])
        .filter((report) => isFixtureId('saved-report', report.id))
        .map((report) => text(report, 'name'))
        .sort((a, b) => a.localeCompare(b)),
    },
    featured: featured(repositories, agency),
    spotlight: {
      persona: persona(repositories, TOUR_PERSONAS.spotlight),
      ...spotlight(repositories, ACCOUNT_IDS.contoso),
    },
    imports: {
      persona: persona(repositories, TOUR_PERSONAS.imports),
      counts: countBy(repositories['import-job'].all(), IMPORT_JOB_STATES),
    },
  };
}

export function demoTourRoutes(app: FastifyInstance) {
  if (!isDemoLike(app.config)) return;
  routeFrom(
    app,
    endpoints.demoTour,
    {
      description:
        'Demo and test modes: the figures the demo script (/documentation/demo) quotes, from the running data on ' +
        "the request's clock: the agency's measurements and saved reports, the deal the tour opens, Spotlight and imports.",
    },
    (): DemoTour => demoTour(app.repositories),
  );
}

export const demoTourPlugin = routePlugin('demo-tour', demoTourRoutes);
