/** The measurements area: the list, a measurement's dashboard, its tags and data imports. */
import { resourceUrl } from '../../lib/api.ts';
import { lamp, route } from './declare.ts';

const write = { ...lamp, permission: 'measurement.write' } as const;
const area = { sidebar: 'measurements' } as const;

export const measurementRoutes = [
  route('measurements', '/measurements', 'Measurements', 'measurements/MeasurementsPage', {
    access: lamp,
    ...area,
    nav: { menu: 'top', label: 'Measurements', order: 10 },
    intro: 'Every flight whose attention this account measures.',
  }),
  route('measurements.create', '/measurements/create', 'Create Measurement', 'measurements/CreateMeasurementPage', {
    access: write,
    ...area,
  }),
  route('measurement', '/measurements/:measurementId', 'Measurement Dashboard', 'measurements/DashboardPage', {
    access: lamp,
    ...area,
    // The name heading is the dashboard's largest paint: the measurement, as useMeasurement reads it.
    firstReads: ({ measurementId }) => [resourceUrl('measurement', { id: measurementId })],
  }),
  route(
    'measurement.edit',
    '/measurements/:measurementId/edit',
    'Edit Measurement',
    'measurements/EditMeasurementPage',
    {
      access: write,
      ...area,
    },
  ),
  route(
    'measurement.export-tags',
    '/measurements/:measurementId/export-tags',
    'Export Tags',
    'measurements/ExportTagsPage',
    { access: lamp, ...area },
  ),
  route(
    'measurement.upload-tags',
    '/measurements/:measurementId/upload-tags',
    'Upload Tags',
    'measurements/UploadTagsPage',
    { access: write, ...area, switcherLock: 'upload' },
  ),
  route(
    'measurement.data-imports',
    '/measurements/:measurementId/data-imports',
    'Data Imports',
    'measurements/DataImportsPage',
    { access: lamp, ...area },
  ),
  route(
    'measurement.data-imports.create',
    '/measurements/:measurementId/data-imports/create',
    'Create Data Import',
    'measurements/CreateDataImportPage',
    { access: write, ...area, switcherLock: 'upload' },
  ),
  route(
    'measurement.data-import',
    '/measurements/:measurementId/data-imports/:importJobId',
    'Data Import',
    'measurements/DataImportPage',
    { access: lamp, ...area },
  ),
];
