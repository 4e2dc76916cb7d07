/**
 * The measurement sidebar's sections: Dashboard, Edit, Export tags, Upload tags,
 * Data imports. Edit and Upload tags need the write role (the server refuses them otherwise);
 * the shell's sidebar renders these items for the measurement being viewed.
 */
import { roleAtLeast, type Role } from '../../../shared/access.ts';
import { PERMISSIONS } from '../../../shared/access.ts';
import { paths } from '../../routes.ts';

export interface MeasurementSection {
  id: 'dashboard' | 'edit' | 'export-tags' | 'upload-tags' | 'data-imports';
  name: string;
  path: string;
  role: Role;
  isViewable: boolean;
  isCurrent: boolean;
}

export function measurementSections(measurementId: string, role: Role | null, location: string): MeasurementSection[] {
  const write = PERMISSIONS['measurement.write'];
  const items: Omit<MeasurementSection, 'isViewable' | 'isCurrent'>[] = [
    { id: 'dashboard', name: 'Dashboard', path: paths.measurement(measurementId), role: 'read' },
    { id: 'edit', name: 'Edit', path: paths.measurementEdit(measurementId), role: write },
    { id: 'export-tags', name: 'Export tags', path: paths.measurementExportTags(measurementId), role: 'read' },
    { id: 'upload-tags', name: 'Upload tags', path: paths.measurementUploadTags(measurementId), role: write },
    { id: 'data-imports', name: 'Data imports', path: paths.measurementDataImports(measurementId), role: 'read' },
  ];
  return items.map((item) => ({
    ...item,
    isViewable: role !== null && roleAtLeast(role, item.role),
    isCurrent:
      item.id === 'dashboard' ? location === item.path : location === item.path || location.startsWith(`${item.path}/`),
  }));
}
