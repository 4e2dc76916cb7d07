/**
 * Data access of the Spotlight pages: the service's calls with the token (stores/spotlight.ts),
 * every answer parsed with the service's own schemas (src/shared/schemas/spotlight.ts).
 */
import type { z } from 'zod';
import { parseSpotlight } from '../../../lib/parse.ts';
import type {
  Area,
  brief,
  Brief,
  spotlightListResponse,
  SpotlightListBody,
  stim,
  Stim,
} from '../../../shared/schemas/spotlight.ts';
import { spotlightApi, withSpotlight } from '../../../stores/spotlight.ts';

export { useAsync } from '../../shared/useAsync.ts';

// Parsed in the parse worker (src/lib/parse.ts), so the Spotlight pages make no schema in the page.
type Page<Row extends z.ZodType> = z.infer<ReturnType<typeof spotlightListResponse<Row>>>;
const briefPage = (value: unknown) => parseSpotlight('briefPage', value) as Promise<Page<typeof brief>>;
const stimPage = (value: unknown) => parseSpotlight('stimPage', value) as Promise<Page<typeof stim>>;
const briefOne = (value: unknown) => parseSpotlight('brief', (value as { data: unknown }).data) as Promise<Brief>;
const stimOne = (value: unknown) => parseSpotlight('stim', (value as { data: unknown }).data) as Promise<Stim>;

type ListBody = Omit<SpotlightListBody, 'page_num' | 'results_per_page'> & {
  page_num: number;
  results_per_page: number;
};

export const listBriefs = (body: ListBody): Promise<Page<typeof brief>> =>
  withSpotlight(async (auth) => briefPage(await spotlightApi.list(auth, 'brief', body)));

export const listStims = (body: ListBody): Promise<Page<typeof stim>> =>
  withSpotlight(async (auth) => stimPage(await spotlightApi.list(auth, 'stim', body)));

export const getBrief = (id: string): Promise<Brief> =>
  withSpotlight(async (auth) => briefOne(await spotlightApi.detail(auth, 'brief', id)));

export const getStim = (id: string): Promise<Stim> =>
  withSpotlight(async (auth) => stimOne(await spotlightApi.detail(auth, 'stim', id)));

export const recentBriefs = () => withSpotlight(async (auth) => (await spotlightApi.recentStudies(auth)).data);

export const rankedStims = () => withSpotlight(async (auth) => (await spotlightApi.rankedAssets(auth)).data);

// ——— Writes ———

export type BriefInput = Pick<
  Brief,
  'name' | 'objective' | 'context' | 'sample_size' | 'cells' | 'start_date' | 'end_date'
>;

export const createBrief = (input: BriefInput): Promise<Brief> =>
  withSpotlight(async (auth) => briefOne(await spotlightApi.create(auth, 'brief', input)));

/** An edit sent with the version the page read, so someone else's change is not overwritten (412). */
export const editBrief = (id: string, input: Partial<BriefInput> & { status?: Brief['status'] }, etag?: string) =>
  withSpotlight(async (auth) => briefOne(await spotlightApi.edit(auth, 'brief', id, input, etag)));

export const deleteBrief = (id: string, etag?: string) =>
  withSpotlight((auth) => spotlightApi.remove(auth, 'brief', id, etag));

/** A study and its version (ETag). */
export const getBriefVersioned = (id: string): Promise<{ study: Brief; etag: string | undefined }> =>
  withSpotlight(async (auth) => {
    const { body, etag } = await spotlightApi.versioned(auth, 'brief', id);
    return { study: await briefOne(body), etag };
  });

export interface StimUrlInput {
  brief: string;
  name: string;
  type: Stim['type'];
  format: string;
  width: number;
  height: number;
  duration_s: number | null;
  url: string;
}

export const createStimFromUrl = (input: StimUrlInput): Promise<Stim> =>
  withSpotlight(async (auth) => stimOne(await spotlightApi.create(auth, 'stim', input)));

export const uploadStim = (input: { brief: string; name: string; format: string; file: File }): Promise<Stim> =>
  withSpotlight(async (auth) => {
    const form = new FormData();
    form.set('brief', input.brief);
    form.set('name', input.name);
    form.set('format', input.format);
    // The file last: the server reads the fields before it.
    form.set('file', input.file, input.file.name);
    return stimOne(await spotlightApi.upload(auth, form));
  });

export const editStim = (id: string, input: { name?: string; format?: string; position?: number; areas?: Area[] }) =>
  withSpotlight(async (auth) => stimOne(await spotlightApi.edit(auth, 'stim', id, input)));

export const deleteStim = (id: string) => withSpotlight((auth) => spotlightApi.remove(auth, 'stim', id));

const creatives = new Map<string, Promise<string>>();
/** The creatives read so far, for a view drawn again (the area editor taking its placeholder's place). */
const creativesRead = new Map<string, string>();

/** The creative's data: URL if it has been read already, so a new view shows it from its first paint. */
export const creativeUrlRead = (id: string): string | null => creativesRead.get(id) ?? null;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The creative could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The creative as a data: URL (the CSP allows data: images and media; an <img> cannot send the
 * token). Uploaded files never change (a new file is a new asset), so one fetch per asset is kept.
 */
export function creativeUrl(id: string): Promise<string> {
  let pending = creatives.get(id);
  if (!pending) {
    pending = withSpotlight((auth) => spotlightApi.creative(auth, id))
      .then(dataUrl)
      .then((url) => (creativesRead.set(id, url), url));
    pending.catch(() => creatives.delete(id));
    creatives.set(id, pending);
  }
  return pending;
}
