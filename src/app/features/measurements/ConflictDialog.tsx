/** The reload-or-overwrite dialog is shared (src/app/shared); measurement pages import it from here. */
export { CONFLICT_TITLE, ConflictDialog } from '../../shared/ConflictDialog.tsx';
