import { DEFAULT_PAGE_SIZES } from './listState.ts';
import type { Identified, ListModel } from './usePagedList.ts';
import { buttonClass } from '../shared/Button.tsx';

export interface PagerProps {
  page: number;
  size: number;
  count: number;
  sizes: readonly number[];
  /** A new page (`{ page }`) or a new page size (`{ size, page: 1 }`). */
  onChange: (patch: { page: number; size?: number }) => void;
  /** What the rows are, for 'No measurements' when there are none. */
  noun?: string;
}

/**
 * Every paged list's pager: 'Showing 26–50 of 120', page size, previous and next. The page keeps
 * the state (every list keeps it in the URL); this only draws it.
 */
export function Pager({ page, size, count, sizes, onChange, noun = 'rows' }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / size));
  const first = count === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(count, page * size);
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite">
        {count === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${count.toLocaleString('en-GB')}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={size}
            onChange={(event) => onChange({ size: Number(event.target.value), page: 1 })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
          >
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={page <= 1}
          onClick={() => onChange({ page: page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={page >= pages}
          onClick={() => onChange({ page: page + 1 })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

/** The pager of a kit list: its state is the list's URL state. */
export function ListPager<T extends Identified>({ list }: { list: ListModel<T> }) {
  return (
    <Pager
      page={list.state.page}
      size={list.state.size}
      count={list.count}
      sizes={list.spec.pageSizes ?? DEFAULT_PAGE_SIZES}
      noun={list.spec.noun}
      onChange={list.set}
    />
  );
}
