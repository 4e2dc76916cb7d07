/** The kit's field classes, shared by fields.tsx and SearchChoiceInput.tsx so every control looks alike. */
export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';
export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 outline-none data-[focused]:outline-2 data-[focused]:outline-solid data-[focused]:outline-primary data-[invalid]:border-red-600 data-[disabled]:bg-slate-100';
export const errorClass = 'mt-1 block text-sm text-red-700';
export const hintClass = 'mt-1 block text-xs text-slate-600';
export const popoverClass =
  'min-w-(--trigger-width) overflow-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-900/10';
export const itemClass =
  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 data-[selected]:font-semibold';
/** Each kind of list filter's width: the filters (ListFilters.tsx) and their stand-ins read it. */
export const FILTER_WIDTH = {
  choice: 'w-full sm:w-48',
  reference: 'w-full sm:w-64',
  text: 'w-full sm:w-56',
  date: 'w-full sm:w-44',
} as const;
