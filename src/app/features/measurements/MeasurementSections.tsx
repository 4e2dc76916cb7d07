import { useStore } from '@nanostores/react';
import { Link, useLocation } from 'wouter';
import { $role } from '../../../stores/account.ts';
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
    <div className="mb-4 px-2" role="group" aria-labelledby="sidebar-measurement-sections">
      <h2
        id="sidebar-measurement-sections"
        className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        This measurement
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              href={item.path}
              aria-current={item.isCurrent ? 'page' : undefined}
              className={`block truncate rounded-md px-3 py-1.5 text-sm no-underline ${
                item.isCurrent ? 'bg-primary-faded-2 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
