import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { $role } from '../../../stores/account.ts';
import { Group, ItemLink } from '../../shared/SidebarParts.tsx';
import { measurementSections } from './sections.ts';

/**
 * The sections of the measurement being viewed (Dashboard, Edit, Export tags, Upload tags, Data
 * imports), shown by the shell's sidebar and its small-screen dropdown on /measurements/{id}/…;
 * nothing elsewhere.
 */
export default function MeasurementSections() {
  const role = useStore($role);
  const [location] = useLocation();
  const measurementId = /^\/measurements\/([0-9a-f]{24})(?:\/|$)/.exec(location)?.[1];
  if (!measurementId) return null;
  const items = measurementSections(measurementId, role, location).filter((i) => i.isViewable);
  return (
    <Group title="This measurement" id="sidebar-measurement-sections">
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <ItemLink item={item} />
          </li>
        ))}
      </ul>
    </Group>
  );
}
