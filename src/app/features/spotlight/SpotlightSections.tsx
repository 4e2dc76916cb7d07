/**
 * The Spotlight sidebar (spec §2): Dashboard, Studies and Assets, and under them the company's
 * recent studies (each opens its own page, where its assets are) once the service has given a token.
 */
import { useStore } from '@nanostores/react';
import { useLocation, useSearch } from 'wouter';
import { $spotlight } from '../../../stores/spotlight.ts';
import { matchPath, paths, routeById } from '../../routes/index.ts';
import { ItemLink } from '../../shared/SidebarParts.tsx';
import { recentBriefs, useAsync } from './data.ts';

function RecentStudies() {
  const search = useSearch();
  const [location] = useLocation();
  // The study shown: its page, or its asset list (?study=).
  const study =
    new URLSearchParams(search).get('study') ?? matchPath(routeById('spotlight.study').path, location)?.studyId;
  const recent = useAsync(recentBriefs, 'sidebar-recent');
  if (!recent.data?.length) return null;
  return (
    <div className="mt-4 px-2" role="group" aria-labelledby="sidebar-spotlight-recent">
      <h2
        id="sidebar-spotlight-recent"
        className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Recent studies
      </h2>
      <ul>
        {recent.data.map((brief) => (
          <li key={brief.id}>
            <ItemLink
              item={{
                id: brief.id,
                name: brief.name,
                path: paths.spotlightStudy(brief.id),
                isViewable: true,
                isCurrent: study === brief.id,
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function SpotlightSections() {
  const [location] = useLocation();
  const state = useStore($spotlight);
  const links = [
    { name: 'Dashboard', path: paths.spotlight(), current: location === paths.spotlight() },
    { name: 'Studies', path: paths.spotlightStudies(), current: location === paths.spotlightStudies() },
    { name: 'Assets', path: paths.spotlightAssets(), current: location.startsWith(paths.spotlightAssets()) },
  ];
  return (
    <div className="px-2">
      <div role="group" aria-labelledby="sidebar-spotlight">
        <h2 id="sidebar-spotlight" className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Spotlight
        </h2>
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              <ItemLink
                item={{ id: link.path, name: link.name, path: link.path, isViewable: true, isCurrent: link.current }}
              />
            </li>
          ))}
        </ul>
      </div>
      {state.status === 'ready' ? <RecentStudies /> : null}
    </div>
  );
}
