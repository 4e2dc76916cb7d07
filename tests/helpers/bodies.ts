/** Request bodies API tests send again and again. */
/** A valid body for creating a measurement in `account` (every lookup empty), with overrides. */
export function measurementBody(account: string, overrides: Record<string, unknown> = {}) {
  return {
    account,
    name: 'Autumn flight',
    status: 'draft',
    start_date: '2026-09-01',
    end_date: '2026-09-30',
    channels: [],
    formats: [],
    media_partners: [],
    labels: [],
    ad_server: null,
    custom_parameter_template: null,
    project: null,
    contract: null,
    ...overrides,
  };
}

/** A saved report of the last 7 days by channel in `account` (impressions and APM), with overrides. */
export function savedReportBody(name: string, account: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    account,
    start_date: null,
    end_date: null,
    relative_date: 'last_7_days',
    measured: false,
    measurements: [],
    labels: [],
    group_by: ['channel'],
    metrics: ['impressions', 'apm'],
    ...overrides,
  };
}
