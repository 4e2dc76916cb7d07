/**
 * Worked examples for the metrics section: a week of delivery for three kinds of media, with
 * counts in the ranges of domain/attention.md. Only the counts are written here; every derived
 * figure on the page is computed from them with the shared formulas (summarise in metrics.ts).
 */
import { summarise, type MetricCounts, type MetricSummary } from '../shared/metrics.ts';

export interface WorkedExample {
  id: string;
  title: string;
  setting: string;
  counts: MetricCounts;
}

export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  {
    id: 'example-desktop-display',
    title: 'Desktop display',
    setting: 'An MPU and a leaderboard on news sites, bought at a £2.50 CPM.',
    counts: {
      impressions: 1_250_000,
      measured: 1_162_500,
      viewable: 687_500,
      viewed: 209_250,
      total_viewable_time: 7_700_000,
      total_view_time: 313_875,
      cost: 3_125,
    },
  },
  {
    id: 'example-online-video',
    title: 'Online video',
    setting: 'A 15-second pre-roll on premium publishers, bought at a £12 CPM.',
    counts: {
      impressions: 480_000,
      measured: 451_200,
      viewable: 336_000,
      viewed: 270_720,
      total_viewable_time: 5_040_000,
      total_view_time: 1_082_880,
      cost: 5_760,
    },
  },
  {
    id: 'example-ctv',
    title: 'Connected TV',
    setting: 'A 30-second spot on broadcaster video-on-demand, bought at a £28 CPM.',
    counts: {
      impressions: 150_000,
      measured: 142_500,
      viewable: 102_000,
      viewed: 61_275,
      total_viewable_time: 2_550_000,
      total_view_time: 857_850,
      cost: 4_200,
    },
  },
];

export const exampleFigures = (example: WorkedExample): MetricSummary => summarise(example.counts);
