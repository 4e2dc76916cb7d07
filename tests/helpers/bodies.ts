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
