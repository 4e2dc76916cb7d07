/**
 * What may change in each state of a Spotlight study (decisions.md §5). Who may do what is the
 * permission table of src/shared/access.ts (SPOTLIGHT_PERMISSIONS, `canSpotlight`): the server
 * enforces it, the pages read it to hide what would be refused.
 */
/** A study's states, in the order it moves through them. */
export const STUDY_STATUSES = ['draft', 'fielding', 'complete'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export { canSpotlight, SPOTLIGHT_ROLES, type SpotlightPermission, type SpotlightRole } from './access.ts';

/**
 * The study fields that may change in each state. A draft is open; once the panel is in the field
 * its design is fixed (only the wording, and the end date to extend fieldwork); a complete study's
 * figures stand as measured.
 */
export const STUDY_EDITABLE: Readonly<Record<StudyStatus, readonly string[]>> = {
  draft: ['name', 'objective', 'context', 'sample_size', 'cells', 'start_date', 'end_date'],
  fielding: ['name', 'objective', 'end_date'],
  complete: ['name', 'objective'],
};

/** The one move forward from each state: draft → fielding → complete, never back. */
export const STUDY_NEXT: Readonly<Record<StudyStatus, StudyStatus | null>> = {
  draft: 'fielding',
  fielding: 'complete',
  complete: null,
};

/** The button that makes the move. */
export const STUDY_MOVE_LABELS: Readonly<Record<StudyStatus, string>> = {
  draft: '',
  fielding: 'Start fielding',
  complete: 'Mark complete',
};

/** Assets and their areas of interest change only while the study is a draft. */
export const assetsEditable = (status: StudyStatus): boolean => status === 'draft';
