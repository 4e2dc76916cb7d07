/**
 * The Spotlight service's list call as a source of the kit's lists: the kit's URL state (page,
 * size, sort, search, the study filter) becomes the call's body (spec §7): page_num from 1,
 * results_per_page, order_by as field_direction, filter_name and filter_brief.
 */
import { objectId } from '../../../shared/schemas/common.ts';
import { spotlightListBody, SPOTLIGHT_ORDER_FIELDS, type Brief, type Stim } from '../../../shared/schemas/spotlight.ts';
import type { ListState } from '../../kit/listState.ts';
import type { ListSource, NamedListSpec, PageOf } from '../../kit/usePagedList.ts';
import { listBriefs, listStims } from './data.ts';

/** The service's largest page: a CSV of the whole list is read in pages of this size. */
const LARGEST_PAGE = spotlightListBody.shape.results_per_page.unwrap().maxValue ?? 100;

/** The list body of a state; an id the URL's study filter cannot be (a hand-edited link) is left out. */
export function spotlightListState(state: ListState, page = state.page, size = state.size) {
  const study = state.filters.study ?? '';
  return {
    page_num: page,
    results_per_page: size,
    order_by: `${state.sort.id}_${state.sort.direction}`,
    ...(state.search ? { filter_name: state.search } : {}),
    ...(objectId.safeParse(study).success ? { filter_brief: study } : {}),
  };
}

type ListCall<T> = (body: ReturnType<typeof spotlightListState>) => Promise<PageOf<T>>;

function spotlightSource<T>(name: string, call: ListCall<T>): ListSource<T> {
  return {
    name,
    key: '',
    page: (state) => call(spotlightListState(state)),
    all: async (state) => {
      const rows: T[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await call(spotlightListState(state, page, LARGEST_PAGE));
        rows.push(...answer.data);
        if (answer.data.length === 0 || rows.length >= answer.count) return rows;
      }
    },
  };
}

export const studySource: ListSource<Brief> = spotlightSource('spotlight-brief', listBriefs);
export const assetSource: ListSource<Stim> = spotlightSource('spotlight-stim', listStims);

/** Both lists: newest first, ten a page, ordered by the fields the service orders by. */
const LIST = {
  defaultSort: { id: 'created_at', direction: 'desc' },
  pageSizes: [10, 25, 50],
  defaultSize: 10,
} as const;

export const studyListSpec: NamedListSpec = { ...LIST, noun: 'studies', sortFields: SPOTLIGHT_ORDER_FIELDS.brief };
export const assetListSpec: NamedListSpec = {
  ...LIST,
  noun: 'assets',
  sortFields: SPOTLIGHT_ORDER_FIELDS.stim,
  filters: ['study'],
};

/** One study's assets, whatever the URL says: the study page's list. */
export function studyAssetSource(study: string): ListSource<Stim> {
  return { ...spotlightSource('spotlight-stim', (body) => listStims({ ...body, filter_brief: study })), key: study };
}

/**
 * A study's assets in the order its manager set (position), every one on the first page as a rule
 * (a study holds a handful); its URL state carries a prefix beside the page's own.
 */
export const studyAssetListSpec: NamedListSpec = {
  noun: 'assets',
  prefix: 'assets.',
  sortFields: ['position'],
  defaultSort: { id: 'position', direction: 'asc' },
  pageSizes: [25, 50, 100],
  defaultSize: 25,
};
