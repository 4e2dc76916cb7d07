/**
 * What a row's fields are called on screen: the one table of field labels, which the measurement
 * form's labels and messages and the audit trail's change lines read. A field missing here is
 * named by its key in words ('po_number' → 'Po number'); add it here rather than beside a form.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  status: 'Status',
  type: 'Type',
  description: 'Description',
  start_date: 'Start date',
  end_date: 'End date',
  channels: 'Channels',
  formats: 'Formats',
  media_partners: 'Media partners',
  labels: 'Labels',
  ad_server: 'Ad server',
  custom_parameter_template: 'Custom parameter template',
  project: 'Project',
  contract: 'Contract',
  account: 'Account',
  accounts: 'Accounts',
  measurement: 'Measurement',
  measurements: 'Measurements',
  created_by: 'Created by',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  role: 'Role',
  access_grants: 'Access',
  root_account_access_grants: 'Root access',
  email_verified: 'E-mail verified',
  category_id: 'Category',
  category: 'Category',
  relative_date: 'Date range',
  measured: 'Measured impressions only',
  group_by: 'Group by',
  metrics: 'Metrics',
  impressions: 'Impressions',
  apm: 'APM',
  min_apm: 'Minimum APM',
  vendor: 'Platform',
  domain_list: 'Domain list',
  deal_id: 'Deal ID',
  amount: 'Amount',
  currency: 'Currency',
  recipients: 'Recipients',
  paused: 'Paused',
  feature_flags: 'Features',
  theme: 'Theme',
};

/** A form's labels, from this table: the form names its fields, the table says what they are called. */
export function labelsFor<Field extends string>(...fields: Field[]): Readonly<Record<Field, string>> {
  return Object.fromEntries(fields.map((field) => [field, fieldLabel(field)])) as Record<Field, string>;
}

/** A field's label: the table's, else its key in words. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return FIELD_LABELS[field] ?? words.charAt(0).toUpperCase() + words.slice(1);
}
