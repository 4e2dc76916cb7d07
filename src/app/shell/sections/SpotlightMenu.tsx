/** The Spotlight pages' sidebar section (until the Spotlight feature declares its own). */
import { paths } from '../../routes.ts';
import { LinkList } from '../../shared/SidebarParts.tsx';

export default function SpotlightMenu() {
  return (
    <LinkList
      title="Spotlight"
      id="sidebar-spotlight"
      links={[
        { name: 'Dashboard', path: paths.spotlight() },
        { name: 'Studies', path: paths.spotlightStudies() },
        { name: 'Assets', path: paths.spotlightAssets() },
      ]}
    />
  );
}
