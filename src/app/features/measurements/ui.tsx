/** The shared presentational pieces the measurement pages use (they live in src/app/shared). */
export {
  Badge,
  ImportStatusBadge,
  MeasurementStatusBadge,
  capitalise,
  importStatusClass,
} from '../../shared/Badge.tsx';
export { Card } from '../../shared/Card.tsx';
export { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
export { SelectField, type SelectFieldProps } from '../../shared/SelectField.tsx';
export { saveTextFile } from '../../shared/saveTextFile.ts';
