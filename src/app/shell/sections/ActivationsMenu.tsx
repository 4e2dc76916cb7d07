/** The activations pages' sidebar section (until the activations feature declares its own). */
import { paths } from '../../routes.ts';
import { LinkList } from '../../shared/SidebarParts.tsx';

export default function ActivationsMenu() {
  return (
    <LinkList
      title="Activations"
      id="sidebar-activations"
      links={[
        { name: 'Activations', path: paths.activations() },
        { name: 'Domain Lists', path: paths.domainLists() },
      ]}
    />
  );
}
