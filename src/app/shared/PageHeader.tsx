import type { ReactNode } from 'react';

/** A page's title, and the line under a list's title (kit/ListHeader.tsx; shell/Frame.tsx paints both from the HTML). */
export const PAGE_TITLE_CLASS = 'text-2xl font-semibold tracking-tight text-slate-900';
export const PAGE_INTRO_CLASS = 'mt-1 text-sm text-slate-600';

/** The heading block every page starts with. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className={PAGE_TITLE_CLASS}>{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/**
 * A record's heading: its name (long names wrap), what is said under it, and the page's actions
 * at the right, level with the name's top or with the last line under it.
 */
export function RecordHeader({
  title,
  children,
  actions,
  align = 'start',
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <div className={`flex flex-wrap justify-between gap-3 ${align === 'end' ? 'items-end' : 'items-start'}`}>
      <div className="min-w-0">
        <h1 className={`${PAGE_TITLE_CLASS} break-words`}>{title}</h1>
        {children}
      </div>
      {actions}
    </div>
  );
}
