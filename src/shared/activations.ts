/**
 * The rules of activations (decisions.md §7), in one place for the server's enforcement and the
 * pages: the states and the actions between them, the deal id, when a domain list counts as in
 * use, and which domains of a measurement qualify for a minimum APM.
 */
import { normaliseEntry } from './domains.ts';
import type { BreakdownEntry } from './metric-aggregate.ts';
import { apm, sumCounts, type MetricCounts } from './metrics.ts';

export const ACTIVATION_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** A new activation starts as a draft, or goes live at once. */
export const INITIAL_ACTIVATION_STATUSES = ['draft', 'active'] as const;

export const ACTIVATION_ACTIONS = ['activate', 'pause', 'resume', 'end'] as const;
export type ActivationAction = (typeof ACTIVATION_ACTIONS)[number];

/** Each action: the states it starts from and the state it leads to. Ended is final. */
export const ACTIVATION_TRANSITIONS: Readonly<
  Record<ActivationAction, { from: readonly ActivationStatus[]; to: ActivationStatus; label: string }>
> = {
  activate: { from: ['draft'], to: 'active', label: 'Activate' },
  pause: { from: ['active'], to: 'paused', label: 'Pause' },
  resume: { from: ['paused'], to: 'active', label: 'Resume' },
  end: { from: ['draft', 'active', 'paused'], to: 'ended', label: 'End' },
};

/** The actions open to an activation in this state, in the order the list shows them. */
export function actionsFor(status: ActivationStatus): ActivationAction[] {
  return ACTIVATION_ACTIONS.filter((action) => ACTIVATION_TRANSITIONS[action].from.includes(status));
}

/** Whether a status change is allowed (the same status is no change). */
export function canMoveTo(from: ActivationStatus, to: ActivationStatus): boolean {
  if (from === to) return true;
  return ACTIVATION_ACTIONS.some(
    (action) => ACTIVATION_TRANSITIONS[action].to === to && ACTIVATION_TRANSITIONS[action].from.includes(from),
  );
}

/**
 * What a person may do with an activation in each state. Its settings (name, platform, minimum
 * APM and what they point at) change only while no deal runs on them: as a draft, or paused. It
 * is deleted only before it ever ran or once it has ended: a live or paused deal would lose its
 * record while the platform still holds it.
 */
export const SETTINGS_EDITABLE_STATUSES: readonly ActivationStatus[] = ['draft', 'paused'];
export const DELETABLE_STATUSES: readonly ActivationStatus[] = ['draft', 'ended'];
export const canEditSettings = (status: ActivationStatus) => SETTINGS_EDITABLE_STATUSES.includes(status);
export const canDelete = (status: ActivationStatus) => DELETABLE_STATUSES.includes(status);

/** The fields an activation's settings are made of (everything but its status and deal id). */
export const ACTIVATION_SETTINGS = ['name', 'measurement', 'domain_list', 'vendor', 'min_apm'] as const;

/** The name of the allow list made for an activation from its measurement's domains. */
export const allowListName = (activationName: string) => `${activationName} – allow list`;

export const activationMessages = {
  transition: (from: ActivationStatus, to: ActivationStatus) =>
    `status: an activation that is ${from} cannot become ${to}`,
  initialStatus: 'status: a new activation starts as draft or active',
  /** An activation puts a measurement, a list or a platform to work: one at least. */
  noReferences: 'measurement: an activation needs a measurement, a domain list or a platform',
  ended: 'This activation has ended and can no longer change',
  /** An active deal runs on its settings: they change only once it is paused. */
  settingsLocked: 'This activation is active: pause it to change its settings',
  deleteRefused: (status: ActivationStatus) => `This activation is ${status}: end it before deleting it`,
  noMeasurement: 'This activation has no measurement to take its domains from',
  listInUse: (listName: string, activations: readonly string[]) =>
    `The domain list '${listName}' is used by ${activations.length === 1 ? 'the activation' : 'the activations'} ${activations
      .map((name) => `'${name}'`)
      .join(', ')}: end ${activations.length === 1 ? 'it' : 'them'} or choose another list first`,
  /** A deal goes live on a list with entries: an empty allow list would buy nowhere. */
  emptyList: (listName: string) =>
    `The domain list '${listName}' is empty: add domains to it or choose another list before the activation goes live`,
  noQualifyingDomains: (minApm: number) =>
    `No domain of this measurement reaches an APM of ${minApm.toLocaleString('en-GB')}: lower the minimum APM`,
} as const;

/**
 * Deal ids look like the platforms' own: the account's three-letter code, ATT, the year and a
 * four-digit number (NOR-ATT-2026-0420).
 */
export const DEAL_ID_PATTERN = /^[A-Z]{1,3}-ATT-\d{4}-\d{4}$/;

export function accountCode(accountName: string): string {
  return (
    accountName
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase() || 'LMP'
  );
}

export function dealId(accountName: string, year: number, serial: number): string {
  return `${accountCode(accountName)}-ATT-${year}-${String(serial % 10_000).padStart(4, '0')}`;
}

/** A domain list is in use while an activation that has not ended points at it. */
export function usesList(activation: { domain_list: string | null; status: ActivationStatus }, listId: string) {
  return activation.domain_list === listId && activation.status !== 'ended';
}

export interface DomainPreviewEntry {
  domain: string;
  impressions: number;
  apm: number | null;
  /** Share of the measurement's impressions, 0..1. */
  share: number | null;
  /** A web domain or app bundle id (DOOH screens are neither and never go into a list). */
  listable: boolean;
  qualifies: boolean;
}

export interface DomainPreview {
  entries: DomainPreviewEntry[];
  qualifying: {
    /** The listable domains at or above the minimum APM, largest first: what the allow list holds. */
    domains: string[];
    count: number;
    impressions: number;
    /** Their share of the measurement's impressions, 0..1. */
    share: number | null;
    /** Their APM, from their summed counts (the same formula as every other APM). */
    apm: number | null;
  };
  /** Entries at or above the minimum that are not domains or app bundle ids. */
  unlistable: number;
}

/**
 * The domains of a measurement's per-domain breakdown (the dashboard's own breakdown, from
 * aggregateMetrics) that reach `minApm`. The breakdown must be complete (no 'All others' roll-up).
 */
export function previewDomains(
  breakdown: readonly BreakdownEntry[],
  totals: Pick<MetricCounts, 'impressions'>,
  minApm: number,
): DomainPreview {
  const share = (impressions: number) => (totals.impressions > 0 ? impressions / totals.impressions : null);
  const entries = breakdown.map((row): DomainPreviewEntry => {
    const normalised = normaliseEntry(row.key);
    const reaches = row.apm !== null && row.apm >= minApm;
    return {
      domain: normalised.ok ? normalised.value : row.key,
      impressions: row.impressions,
      apm: row.apm,
      share: share(row.impressions),
      listable: normalised.ok,
      qualifies: reaches && normalised.ok,
    };
  });
  const chosen = breakdown.filter((_row, index) => entries[index]!.qualifies);
  const counts = sumCounts(chosen);
  const domains = [...new Set(entries.filter((e) => e.qualifies).map((e) => e.domain))];
  return {
    entries,
    qualifying: {
      domains,
      count: domains.length,
      impressions: counts.impressions,
      share: share(counts.impressions),
      apm: chosen.length ? apm(counts) : null,
    },
    unlistable: entries.filter((e) => !e.listable && e.apm !== null && e.apm >= minApm).length,
  };
}
