/**
 * The measurement sidebar's sections: Dashboard, Edit, Export tags, Upload tags,
 * Data imports. Edit and Upload tags need measurement.write (the server refuses them otherwise);
 * the shell's sidebar renders these items for the measurement being viewed.
 */
import { lowestRole, roleMeets, type Permission, type Role } from '../../../shared/access.ts';
import { paths } from '../../routes/index.ts';

export interface MeasurementSection {
  id: 'dashboard' | 'edit' | 'export-tags' | 'upload-tags' | 'data-imports';
  name: string;
  path: string;
  role: Role;
  isViewable: boolean;
  isCurrent: boolean;
}

export function measurementSections(measurementId: string, role: Role | null, location: string): MeasurementSection[] {
  // Sections without a permission are for everyone who may open the measurement.
  const write: Permission = 'measurement.write';
  const items: (Omit<MeasurementSection, 'isViewable' | 'isCurrent' | 'role'> & { permission?: Permission })[] = [
    { id: 'dashboard', name: 'Dashboard', path: paths.measurement(measurementId) },
    { id: 'edit', name: 'Edit', path: paths.measurementEdit(measurementId), permission: write },
    { id: 'export-tags', name: 'Export tags', path: paths.measurementExportTags(measurementId) },
    { id: 'upload-tags', name: 'Upload tags', path: paths.measurementUploadTags(measurementId), permission: write },
    { id: 'data-imports', name: 'Data imports', path: paths.measurementDataImports(measurementId) },
  ];
  return items.map(({ permission, ...item }) => ({
    ...item,
    role: lowestRole({ permission }),
    isViewable: role !== null && roleMeets({ permission }, role),
    isCurrent:
      item.id === 'dashboard' ? location === item.path : location === item.path || location.startsWith(`${item.path}/`),
  }));
}
