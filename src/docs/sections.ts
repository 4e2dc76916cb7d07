/**
 * The guide's table of contents: each topic's anchor and title, in reading order, and the page it is
 * on. Both pages' navigation, their search and each section's heading read this list, and a test
 * checks that every anchor exists in the page that holds it.
 */

/** The guide's pages: the user guide, and pages of their own for API authors, demos and test authors. */
export const DOC_PAGES = {
  guide: '/documentation',
  api: '/documentation/api',
  demo: '/documentation/demo',
  testing: '/documentation/testing',
} as const;
export type DocPage = keyof typeof DOC_PAGES;

export interface DocTopic {
  id: string;
  title: string;
  /** The page the topic is on; the user guide unless named. */
  page?: DocPage;
  /** Sub-topics with their own anchors, listed under the topic in the table of contents. */
  parts?: readonly { id: string; title: string }[];
}

export const DOC_TOPICS = [
  {
    id: 'getting-started',
    title: 'Getting started',
    parts: [
      { id: 'signing-in', title: 'Signing in' },
      { id: 'first-measurement', title: 'Your first measurement' },
      { id: 'reading-a-dashboard', title: 'Reading a dashboard' },
    ],
  },
  {
    id: 'metrics',
    title: 'Metrics and formulas',
    parts: [
      { id: 'metric-definitions', title: 'Definitions' },
      { id: 'formulas', title: 'Formulas' },
      { id: 'worked-examples', title: 'Worked examples' },
    ],
  },
  {
    id: 'tagging',
    title: 'Tagging',
    parts: [
      { id: 'tag-types', title: 'Tag types' },
      { id: 'vast-verification', title: 'VAST verification' },
      { id: 'ad-server-macros', title: 'Ad-server macros' },
      { id: 'tag-upload', title: 'Uploading tags in bulk' },
    ],
  },
  {
    id: 'data-imports',
    title: 'Data imports',
    parts: [
      { id: 'import-files', title: 'File format' },
      { id: 'import-job-configs', title: 'Import job configs' },
      { id: 'import-progress', title: 'Progress and errors' },
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    parts: [
      { id: 'report-builder', title: 'The report builder' },
      { id: 'saved-reports', title: 'Saved reports' },
      { id: 'scheduling-reports', title: 'Scheduling a report' },
      { id: 'sharing-reports', title: 'Sharing by link' },
      { id: 'admin-reports', title: 'Admin-defined reports' },
    ],
  },
  {
    id: 'activations',
    title: 'Activations and domain lists',
    parts: [
      { id: 'activation-lifecycle', title: 'Activation states' },
      { id: 'domain-lists', title: 'Domain lists' },
    ],
  },
  {
    id: 'spotlight',
    title: 'Spotlight',
    parts: [
      { id: 'spotlight-studies', title: 'Studies and assets' },
      { id: 'heatmaps', title: 'Heatmaps and areas of interest' },
      { id: 'spotlight-access', title: 'Getting Spotlight access' },
    ],
  },
  {
    id: 'roles',
    title: 'Roles and permissions',
    parts: [
      { id: 'role-ladder', title: 'The role ladder' },
      { id: 'permission-table', title: 'What each role may do' },
      { id: 'page-access', title: 'Who may open each page' },
    ],
  },
  { id: 'accounts', title: 'Accounts and switching' },
  {
    id: 'contract-banner',
    title: 'Contracts, purchase orders and the banner',
    parts: [
      { id: 'active-contract', title: 'When a contract is active' },
      { id: 'purchase-order-remaining', title: 'What "Remaining" means' },
    ],
  },
  {
    id: 'api',
    title: 'API and test control',
    page: 'api',
    parts: [
      { id: 'openapi', title: 'OpenAPI and the API reference' },
      { id: 'conformance', title: 'Prove your API honours the contract' },
      { id: 'api-sessions', title: 'Signing in from code' },
      { id: 'test-control', title: 'Test control and reset' },
      { id: 'sandboxes', title: 'Sandboxes' },
      { id: 'faults', title: 'Faults and latency' },
      { id: 'journal', title: 'The request journal' },
      { id: 'clock', title: 'The clock' },
      { id: 'outbox', title: 'The outbox' },
    ],
  },
  {
    id: 'testing',
    title: 'Testing against LAMP',
    page: 'testing',
    parts: [
      { id: 'test-mode', title: 'Starting a test backend' },
      { id: 'fixed-clock', title: 'The fixed clock' },
      { id: 'testing-package', title: 'The lamp-testing package' },
      { id: 'minted-sessions', title: 'Signing in fast' },
      { id: 'test-recipes', title: 'Recipes' },
      { id: 'test-control-routes', title: 'Every test-control route' },
    ],
  },
  {
    id: 'demo',
    title: 'Giving a demo',
    page: 'demo',
    parts: [
      { id: 'demo-fresh-start', title: 'Before the demo: start fresh' },
      { id: 'demo-tour', title: 'The five-minute tour' },
      { id: 'demo-personas', title: 'Other stories to tell' },
    ],
  },
  { id: 'help', title: 'Help and support' },
] as const satisfies readonly DocTopic[];

export type DocTopicId = (typeof DOC_TOPICS)[number]['id'];

export function docTopic(id: DocTopicId): DocTopic {
  const topic = DOC_TOPICS.find((t) => t.id === id);
  if (!topic) throw new Error(`No documentation topic ${id}`);
  return topic;
}

/** The title of a topic or part, by its anchor. */
export function docTitle(id: string): string {
  for (const topic of DOC_TOPICS as readonly DocTopic[]) {
    if (topic.id === id) return topic.title;
    const part = topic.parts?.find((p) => p.id === id);
    if (part) return part.title;
  }
  throw new Error(`No documentation anchor ${id}`);
}

/** The page a topic or part is on. */
export function docPageOf(id: string): DocPage {
  for (const topic of DOC_TOPICS as readonly DocTopic[]) {
    if (topic.id === id || topic.parts?.some((p) => p.id === id)) return topic.page ?? 'guide';
  }
  throw new Error(`No documentation anchor ${id}`);
}

/** A link to a topic or part from a page of the guide: the bare anchor on its own page. */
export function docHref(id: string, from: DocPage): string {
  const page = docPageOf(id);
  return page === from ? `#${id}` : `${DOC_PAGES[page]}#${id}`;
}

/** The topics a page holds, in reading order. */
export function docTopicsOn(page: DocPage): DocTopic[] {
  return (DOC_TOPICS as readonly DocTopic[]).filter((topic) => (topic.page ?? 'guide') === page);
}

/** Every anchor that is on another page than `page`, with the path of the page that holds it. */
export function anchorsElsewhere(page: DocPage): Record<string, string> {
  const elsewhere: Record<string, string> = {};
  for (const topic of DOC_TOPICS as readonly DocTopic[]) {
    const on = topic.page ?? 'guide';
    if (on === page) continue;
    for (const id of [topic.id, ...(topic.parts ?? []).map((p) => p.id)]) elsewhere[id] = DOC_PAGES[on];
  }
  return elsewhere;
}
