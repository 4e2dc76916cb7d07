/**
 * Who may do what to Spotlight studies and assets, and what may change in each state of a study
 * (decisions.md §5). The server enforces these; the pages read the same table to hide what would
 * be refused.
 *
 * Spotlight has roles of its own, on the Spotlight user: a viewer reads, an editor prepares draft
 * studies and their assets, a manager also launches and closes studies and deletes them. A root
 * user without a Spotlight user acts as a manager (they run the platform).
 */
/** A study's states, in the order it moves through them. */
export const STUDY_STATUSES = ['draft', 'fielding', 'complete'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export const SPOTLIGHT_ROLES = ['viewer', 'editor', 'manager'] as const;
export type SpotlightRole = (typeof SPOTLIGHT_ROLES)[number];
export const SPOTLIGHT_ROLE_LABELS: Readonly<Record<SpotlightRole, string>> = {
  viewer: 'Viewer',
  editor: 'Editor',
  manager: 'Manager',
};

export type SpotlightAction = 'study.create' | 'study.edit' | 'study.status' | 'study.delete' | 'asset.write';

/** The least Spotlight role for each action. */
export const SPOTLIGHT_ACTION_ROLES: Readonly<Record<SpotlightAction, SpotlightRole>> = {
  'study.create': 'editor',
  'study.edit': 'editor',
  'study.status': 'manager',
  'study.delete': 'manager',
  'asset.write': 'editor',
};

export function spotlightRoleAtLeast(role: SpotlightRole, least: SpotlightRole): boolean {
  return SPOTLIGHT_ROLES.indexOf(role) >= SPOTLIGHT_ROLES.indexOf(least);
}

export function canSpotlight(role: SpotlightRole | null | undefined, action: SpotlightAction): boolean {
  return !!role && spotlightRoleAtLeast(role, SPOTLIGHT_ACTION_ROLES[action]);
}

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
