/**
 * The sidebar's content for a route's sidebar kind: 'Return to Measurement' when a back query is
 * present (spec §2), then the sections src/app/sidebars.ts declares for that kind. The shell knows
 * no feature: a feature plugs its sections in with one line there.
 */
import { Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { messages } from '../../shared/messages.ts';
import { paths, type SidebarKind } from '../routes/index.ts';
import { sidebarSections } from '../sidebars.ts';
import { Spinner } from '../shared/Spinner.tsx';

/** 'Return to Measurement' when the page carries a back query (spec §2). */
function ReturnToMeasurement() {
  const search = useSearch();
  const back = new URLSearchParams(search).get('back');
  if (!back) return null;
  const href = back.startsWith('/') ? back : paths.measurement(back);
  return (
    <div className="mb-3 px-2">
      <Link
        href={href}
        className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-800 no-underline hover:bg-slate-100"
      >
        <span aria-hidden="true">←</span> {messages.shell.returnToMeasurement}
      </Link>
    </div>
  );
}

export default function SidebarContent({ kind }: { kind: Exclude<SidebarKind, 'none'> }) {
  return (
    <nav aria-label="Section">
      <ReturnToMeasurement />
      <Suspense fallback={<Spinner className="m-4" label="Loading menu" />}>
        {sidebarSections[kind].map((Section, index) => (
          <Section key={index} />
        ))}
      </Suspense>
    </nav>
  );
}
