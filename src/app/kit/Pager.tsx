import { DEFAULT_PAGE_SIZES } from './listState.ts';
import type { Identified, ResourceList } from './useResourceList.ts';
import { buttonClass } from '../shared/Button.tsx';

/** 'Showing 26–50 of 120', page size, previous and next: all of it in the URL. */
export function Pager<T extends Identified>({ list }: { list: ResourceList<T> }) {
  const { state, set, count } = list;
  const pages = Math.max(1, Math.ceil(count / state.size));
  const first = count === 0 ? 0 : (state.page - 1) * state.size + 1;
  const last = Math.min(count, state.page * state.size);
  const sizes = list.spec.pageSizes ?? DEFAULT_PAGE_SIZES;
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite">
        {count === 0 ? 'No rows' : `Showing ${first}–${last} of ${count.toLocaleString('en-GB')}`}
      </p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={state.size}
            onChange={(event) => set({ size: Number(event.target.value) })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={state.page <= 1}
          onClick={() => set({ page: state.page - 1 })}
        >
          Previous
        </button>
        <span>
          Page {Math.min(state.page, pages)} of {pages}
        </span>
        <button
          type="button"
          className={buttonClass('secondary', 'px-2.5 py-1')}
          disabled={state.page >= pages}
          onClick={() => set({ page: state.page + 1 })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
