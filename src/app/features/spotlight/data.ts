/**
 * Data access of the Spotlight pages: the service's calls with the token (stores/spotlight.ts),
 * every answer parsed with the service's own schemas (src/shared/schemas/spotlight.ts).
 */
import type { z } from 'zod';
import {
  brief,
  briefListResponse,
  spotlightListResponse,
  stim,
  stimListResponse,
  type Brief,
  type SpotlightListBody,
  type Stim,
} from '../../../shared/schemas/spotlight.ts';
import { spotlightApi, withSpotlight } from '../../../stores/spotlight.ts';

export { useAsync, type AsyncState } from '../../shared/useAsync.ts';

const briefPage = spotlightListResponse(brief);
const stimPage = spotlightListResponse(stim);
const briefOne = (value: unknown) => brief.parse((value as { data: unknown }).data);
const stimOne = (value: unknown) => stim.parse((value as { data: unknown }).data);

type ListBody = Omit<SpotlightListBody, 'page_num' | 'results_per_page'> & {
  page_num: number;
  results_per_page: number;
};

export const listBriefs = (body: ListBody): Promise<z.infer<typeof briefPage>> =>
  withSpotlight(async (auth) => briefPage.parse(await spotlightApi.list(auth, 'brief', body)));

export const listStims = (body: ListBody): Promise<z.infer<typeof stimPage>> =>
  withSpotlight(async (auth) => stimPage.parse(await spotlightApi.list(auth, 'stim', body)));

export const getBrief = (id: string): Promise<Brief> =>
  withSpotlight(async (auth) => briefOne(await spotlightApi.detail(auth, 'brief', id)));

export const getStim = (id: string): Promise<Stim> =>
  withSpotlight(async (auth) => stimOne(await spotlightApi.detail(auth, 'stim', id)));

export const recentBriefs = () =>
  withSpotlight(async (auth) => briefListResponse.parse(await spotlightApi.dashboardList(auth, 'brief')).data);

export const rankedStims = () =>
  withSpotlight(async (auth) => stimListResponse.parse(await spotlightApi.dashboardList(auth, 'stim')).data);

const creatives = new Map<string, Promise<string>>();

/** The creative as a data: URL (the CSP allows data: images; an <img> cannot send the token). */
export function creativeUrl(id: string): Promise<string> {
  let pending = creatives.get(id);
  if (!pending) {
    pending = withSpotlight((auth) => spotlightApi.creative(auth, id)).then(
      (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    );
    pending.catch(() => creatives.delete(id));
    creatives.set(id, pending);
  }
  return pending;
}
