/**
 * The list pages' state lives in the URL (search, sort, page, size, study), so a list can be
 * shared and survives reload; this turns it into the service's list body (spec §7).
 */
export const PAGE_SIZES = [10, 25, 50] as const;

export interface ListState {
  search: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  size: number;
  study: string;
}

export function readListState(
  search: string,
  defaults: { sort: string; dir: 'asc' | 'desc' },
  sortFields: readonly string[],
): ListState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort');
  const size = Number(q.get('size'));
  const study = q.get('study') ?? '';
  return {
    search: q.get('q') ?? '',
    sort: sort && sortFields.includes(sort) ? sort : defaults.sort,
    dir: q.get('dir') === 'asc' ? 'asc' : q.get('dir') === 'desc' ? 'desc' : defaults.dir,
    page: Math.max(1, Math.floor(Number(q.get('page'))) || 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 10,
    study: /^[0-9a-f]{24}$/.test(study) ? study : '',
  };
}

export function writeListState(state: ListState, defaults: { sort: string; dir: 'asc' | 'desc' }): string {
  const q = new URLSearchParams();
  if (state.study) q.set('study', state.study);
  if (state.search) q.set('q', state.search);
  if (state.sort !== defaults.sort || state.dir !== defaults.dir) {
    q.set('sort', state.sort);
    q.set('dir', state.dir);
  }
  if (state.page > 1) q.set('page', String(state.page));
  if (state.size !== 10) q.set('size', String(state.size));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The list call's body: page_num from 1, order_by as field_direction, filter_name. */
export function listBody(state: ListState) {
  return {
    page_num: state.page,
    results_per_page: state.size,
    order_by: `${state.sort}_${state.dir}`,
    ...(state.search ? { filter_name: state.search } : {}),
    ...(state.study ? { filter_brief: state.study } : {}),
  };
}
