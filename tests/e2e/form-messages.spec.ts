/**
 * Forms that speak to people (issue 48 item 3, issue 47 item 2). Every create form of the route
 * table (each route whose id ends in '.create', with every value of its path's parameters) is
 * opened and sent empty by a click on its submit button: a summary naming the count of fields to
 * correct must appear, and no visible text may be a validator's own wording ('Invalid option:
 * expected one of …', 'Too small: expected number to be >=100'). A form added to the table is
 * covered without touching this file; a new path parameter asks for its value here.
 *
 * Then the study form, typed by a person with values out of range, answers in range sentences.
 */
import type { Locator, Page } from '@playwright/test';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { LOOKUP_TABLES, routes, type RouteEntry } from '../../src/app/routes/index.ts';
import { savedReportBody } from '../helpers/bodies.ts';
import { expect, test } from './helpers/sandbox.ts';
import { clickAway, typeDate, typeInto } from './helpers/person.ts';
import { openApp, signIn } from './helpers/session.ts';

/** A validator's own wording: never for a person's eyes. */
const RAW_VALIDATOR_TEXT = /Invalid (option|input|ISO)|expected (one of|number|string)|Too (small|big)|>=|<=/;
/** The summary above a refused form (kit/ErrorSummary.tsx). */
const SUMMARY = /^Please correct the (field|\d+ fields) marked below\.$/;

const SUPER = 'super@lamp.test';
/** A Spotlight manager: Spotlight's forms are hers (super's account has no Spotlight). */
const SPOTLIGHT_MANAGER = 'partner@contoso.test';

/** A value for each path parameter a create route may have: every one a person may meet. */
const PARAMETER_VALUES: Record<string, (page: Page) => Promise<string[]>> = {
  lookupTableName: () => Promise.resolve(LOOKUP_TABLES.map((table) => table.name)),
  measurementId: async (page) => {
    const answer = (await (await page.request.get('/api/v1/measurement?limit=1')).json()) as { data: { id: string }[] };
    return answer.data.map((row) => row.id);
  },
};

const createRoutes = routes.filter((route) => route.id.endsWith('.create'));

/** The route's paths, one per value of its parameters. */
async function pathsOf(page: Page, route: RouteEntry): Promise<string[]> {
  let paths = [route.path];
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const values = PARAMETER_VALUES[name!];
    if (!values) throw new Error(`${route.id}: give a value for :${name} in PARAMETER_VALUES`);
    const found = await values(page);
    expect(found.length, `a value for :${name}`).toBeGreaterThan(0);
    paths = paths.flatMap((path) => found.map((value) => path.replace(`:${name}`, encodeURIComponent(value))));
  }
  return paths;
}

test('the route table has create forms to check', () => {
  expect(createRoutes.map((route) => route.id)).toEqual(
    expect.arrayContaining(['measurements.create', 'spotlight.study.create', 'admin.third-party-macros.create']),
  );
});

for (const route of createRoutes) {
  test(`${route.id} sent empty: a summary and people's words, no validator's text`, async ({ page }) => {
    test.slow();
    await signIn(page, route.access.spotlight ? SPOTLIGHT_MANAGER : SUPER);
    for (const path of await pathsOf(page, route)) {
      await openApp(page, path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      // The form's own action, at its end: 'Create', 'Create study', 'Create and activate', 'Start import'…
      const submit = main.getByRole('button', { name: /^(Create|Start)\b/ }).last();
      await submit.click();
      // Soft: a form without its summary still has its words checked below.
      await expect.soft(main.getByRole('alert').filter({ hasText: SUMMARY }), path).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(shown.match(RAW_VALIDATOR_TEXT)?.[0] ?? null, `${path} shows a validator's text`).toBeNull();
    }
  });
}

test('the study form typed with values out of range answers in range sentences', async ({ page }) => {
  await signIn(page, SPOTLIGHT_MANAGER);
  await openApp(page, '/spotlight/studies');
  await page.getByRole('link', { name: 'New study' }).click();
  await expect(page.getByRole('heading', { name: 'New study' })).toBeVisible();
  // The context box asks for a context, not for 'an item'.
  await expect.soft(page.getByRole('button', { name: /Context/ })).toContainText('Choose a context');

  await typeInto(page.getByRole('textbox', { name: 'Name' }), 'Frost Cola: range check');
  await page.getByRole('button', { name: /Context/ }).click();
  await page.getByRole('option', { name: 'Social feed' }).click();
  await typeInto(page.getByRole('textbox', { name: 'Sample size per cell' }), '5');
  await page.keyboard.press('Tab');
  await typeInto(page.getByRole('textbox', { name: 'Cells' }), '13');
  await page.keyboard.press('Tab');
  await typeDate(page.getByLabel('Start date'), '2026-12-14');
  await typeDate(page.getByLabel('End date'), '2026-12-28');
  await clickAway(page);
  await page.getByRole('button', { name: 'Create study' }).click();

  await expect.soft(page.getByText('Sample size per cell must be at least 100')).toBeVisible();
  await expect.soft(page.getByText('Cells must be at most 12')).toBeVisible();
  await expect
    .soft(page.getByRole('alert').filter({ hasText: 'Please correct the 2 fields marked below.' }))
    .toBeVisible();
  expect((await page.locator('body').innerText()).match(RAW_VALIDATOR_TEXT)?.[0] ?? null).toBeNull();
  await expect(page).toHaveURL(/\/spotlight\/studies\/create$/);
});

/**
 * Forms that open in a dialog or beside a list rather than on a page of their own, which the route
 * table does not reach, and forms it reaches only empty or not at all (the profile's two, the new
 * activation and data import pages): each is named here with how a person opens it. Each is sent with
 * its fields emptied, and those with a range or format once more with a bad value: the summary
 * must appear in the form, the field messages given must show, and nothing on the page (a toast
 * included) may be a validator's wording.
 */
interface InlineForm {
  name: string;
  persona: string;
  path: string;
  /** Opens the form as a person does; answers the dialog or form it opened. */
  open: (page: Page) => Promise<Locator>;
  /** The fields a person empties (by their labels) before sending. */
  empty?: readonly string[];
  /** The button that sends it. */
  send: string;
  /** Messages the empty form must show. */
  says?: readonly string[];
  /** Messages the empty form must show at their fields (label → message): the field is marked and described by it. */
  atFields?: Readonly<Record<string, string>>;
  /**
   * Bad values typed into fields (label → text) or files chosen (label → file name), and the
   * messages they must bring (`atFields`: at which field).
   */
  bad?: {
    type: Readonly<Record<string, string>>;
    files?: Readonly<Record<string, string>>;
    says: readonly string[];
    atFields?: Readonly<Record<string, string>>;
  };
}

const NORTHWIND_ADMIN = 'admin@northwind.test';
const NORTHWIND_WRITER = 'writer@northwind.test';
const GAME_NIGHT = 'Ember Snacks: game night';

const dialogNamed = (name: string | RegExp) => (page: Page) => Promise.resolve(page.getByRole('dialog', { name }));
const press = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).first().click();

/** A saved report of the writer's own (Rename and the schedule are its owner's), by its name. */
async function ownSavedReport(page: Page): Promise<string> {
  const name = `Form check ${Date.now().toString(36)}`;
  const response = await page.request.post('/api/v1/saved-report', {
    data: savedReportBody(name, ACCOUNT_IDS.northwind),
  });
  expect(response.status()).toBe(201);
  return name;
}

/** A draft activation of the writer's account, by its name (its settings are edited on its page). */
async function ownDraftActivation(page: Page): Promise<string> {
  const name = `Form check ${Date.now().toString(36)}`;
  const first = async (path: string) =>
    ((await (await page.request.get(path)).json()) as { data: { id: string }[] }).data[0]!.id;
  const response = await page.request.post('/api/v1/activation', {
    data: {
      account: ACCOUNT_IDS.northwind,
      name,
      measurement: await first(`/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=1`),
      domain_list: null,
      vendor: await first('/api/v1/third-party-macro-vendor?limit=1'),
      min_apm: 1000,
    },
  });
  expect(response.status()).toBe(201);
  return name;
}

/** The id of a measurement of the writer's account (its upload and import pages). */
async function northwindMeasurement(page: Page): Promise<string> {
  const answer = (await (
    await page.request.get(`/api/v1/measurement?account=${ACCOUNT_IDS.northwind}&limit=1`)
  ).json()) as { data: { id: string }[] };
  return answer.data[0]!.id;
}

/** A draft study's page, with its asset list and the form that adds one. */
async function draftStudy(page: Page) {
  await openApp(page, '/spotlight/studies');
  await page.getByRole('link', { name: GAME_NIGHT }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: GAME_NIGHT })).toBeVisible();
}

const INLINE_FORMS: readonly InlineForm[] = [
  {
    name: 'rename a label category',
    persona: NORTHWIND_ADMIN,
    path: '/labels',
    open: async (page) => {
      await press(page, /^Rename Brand$/);
      return dialogNamed(/^Rename Brand/)(page);
    },
    empty: ['Name'],
    send: 'Save',
    says: ['Name is required'],
  },
  {
    name: 'new label category',
    persona: NORTHWIND_ADMIN,
    path: '/labels',
    open: (page) => Promise.resolve(page.getByRole('form', { name: 'New category' })),
    send: 'Add',
  },
  {
    name: 'invite a user',
    persona: NORTHWIND_ADMIN,
    path: '/users',
    open: async (page) => {
      await press(page, 'Invite user');
      return dialogNamed('Invite user')(page);
    },
    send: 'Send invitation',
  },
  {
    name: 'rename a saved report',
    persona: NORTHWIND_WRITER,
    path: '/reports/saved',
    open: async (page) => {
      const name = await ownSavedReport(page);
      await openApp(page, '/reports/saved');
      await typeInto(page.getByRole('searchbox', { name: 'Search saved reports' }), name);
      await press(page, `Rename ${name}`);
      return dialogNamed('Rename saved report')(page);
    },
    empty: ['Name'],
    send: 'Rename',
    says: ['Name is required'],
  },
  {
    name: 'schedule a saved report by e-mail',
    persona: NORTHWIND_WRITER,
    path: '/reports/saved',
    open: async (page) => {
      await openApp(
        page,
        `/reports/saved/${encodeURIComponent(await ownSavedReport(page))}?account=${ACCOUNT_IDS.northwind}`,
      );
      await press(page, /^(Schedule by e-mail|Add another schedule)$/);
      return page.getByRole('form', { name: 'Schedule by e-mail' });
    },
    empty: ['Recipients'],
    send: 'Schedule',
    says: ['Choose one or more recipients'],
    bad: {
      type: { Recipients: 'not an address' },
      says: [messages.validation.invalidEmailFormat],
    },
  },
  {
    name: 'add access to an account',
    persona: SUPER,
    path: '/admin/access',
    open: async (page) => {
      await press(page, 'Add access');
      const dialog = page.getByRole('dialog', { name: 'Add access' });
      // The user picker opens its list as the dialog opens (hiding the rest from the accessibility
      // tree meanwhile, hence CSS); a click on the dialog's title closes it.
      await clickAway(page, page.locator('[role="dialog"]').getByText('Add access', { exact: true }).first());
      return dialog;
    },
    send: 'Add access',
  },
  {
    name: 'create a name mapping',
    persona: SUPER,
    path: '/admin/name-mapping',
    open: async (page) => {
      await press(page, 'Create mapping');
      return dialogNamed('Create mapping')(page);
    },
    send: 'Save',
  },
  {
    name: 'new domain list',
    persona: NORTHWIND_ADMIN,
    path: '/activations/domain-lists',
    open: async (page) => {
      await press(page, 'New domain list');
      return dialogNamed('New domain list')(page);
    },
    send: 'Create list',
    says: ['Name is required', 'Choose a CSV file'],
    atFields: { Name: 'Name is required', 'CSV file': 'Choose a CSV file' },
  },
  {
    name: "a draft activation's settings",
    persona: NORTHWIND_WRITER,
    path: '/activations/activations',
    open: async (page) => {
      const name = await ownDraftActivation(page);
      await openApp(page, '/activations/activations');
      await page.getByRole('link', { name, exact: true }).click();
      return page.getByRole('form', { name: 'Activation settings' });
    },
    empty: ['Name'],
    send: 'Save changes',
    says: ['Name is required'],
    atFields: { Name: 'Name is required' },
    bad: {
      type: { 'Minimum APM': '-5', Name: '  ' },
      says: ['Minimum APM must not be negative', 'Name is required'],
      atFields: { 'Minimum APM': 'Minimum APM must not be negative', Name: 'Name is required' },
    },
  },
  {
    name: "upload a measurement's tags",
    persona: NORTHWIND_WRITER,
    path: '/measurements',
    open: async (page) => {
      await openApp(page, `/measurements/${await northwindMeasurement(page)}/upload-tags`);
      return page.getByRole('form', { name: 'Upload tags' });
    },
    send: 'Upload',
    says: ['Choose a CSV file'],
    atFields: { 'CSV file': 'Choose a CSV file' },
  },
  {
    name: "edit a draft study's asset",
    persona: SPOTLIGHT_MANAGER,
    path: '/spotlight/studies',
    open: async (page) => {
      await draftStudy(page);
      await press(page, /^Edit /);
      return page.getByRole('dialog');
    },
    empty: ['Name', 'Format'],
    send: 'Save',
    says: ['Name is required', 'Format is required'],
  },
  {
    name: 'add an asset to a draft study',
    persona: SPOTLIGHT_MANAGER,
    path: '/spotlight/studies',
    open: async (page) => {
      await draftStudy(page);
      return page.getByRole('form', { name: 'Add an asset' });
    },
    send: 'Upload asset',
    says: [messages.spotlight.fileMissing, 'Name is required', 'Format is required'],
  },
  {
    name: 'add an asset by URL',
    persona: SPOTLIGHT_MANAGER,
    path: '/spotlight/studies',
    open: async (page) => {
      await draftStudy(page);
      await page.getByRole('tab', { name: 'From a URL' }).click();
      return page.getByRole('form', { name: 'Add an asset' });
    },
    empty: ['Width'],
    send: 'Add asset',
    says: ['URL is required', 'Width is required'],
    bad: {
      type: { URL: 'http://example.com/hero.png', Width: '10', Height: '9000' },
      says: ['URL must be an https:// address', 'Width must be at least 50', 'Height must be at most 4,000'],
    },
  },
  {
    name: "a draft asset's areas of interest",
    persona: SPOTLIGHT_MANAGER,
    path: '/spotlight/studies',
    open: async (page) => {
      await draftStudy(page);
      await page.getByRole('table', { name: 'Assets of the study' }).getByRole('link').first().click();
      await page.getByRole('button', { name: '+ Add area' }).click();
      return page.getByRole('main');
    },
    empty: ['Area name'],
    send: 'Save areas',
    says: ['Name is required'],
    bad: { type: { 'Area name': 'Logo', 'Width (%)': '95' }, says: [messages.spotlight.areaOutside] },
  },
  {
    name: "the profile's details",
    persona: NORTHWIND_WRITER,
    path: '/profile',
    open: (page) => Promise.resolve(page.getByRole('form', { name: 'Your details' })),
    empty: ['First name', 'Last name'],
    send: 'Save',
    atFields: {
      'First name': messages.validation.firstNameRequired,
      'Last name': messages.validation.lastNameRequired,
    },
    // Spaces are no name.
    bad: {
      type: { 'First name': '   ', 'Last name': '  ' },
      says: [messages.validation.firstNameRequired, messages.validation.lastNameRequired],
    },
  },
  {
    name: "the profile's password change",
    persona: NORTHWIND_WRITER,
    path: '/profile',
    open: (page) => Promise.resolve(page.getByRole('form', { name: messages.profile.changePasswordTitle })),
    send: 'Save',
    says: [messages.validation.currentPasswordRequired],
    atFields: {
      'Current password': messages.validation.currentPasswordRequired,
      'New password': messages.validation.newPasswordRequired,
      'Confirm new password': messages.validation.newPasswordRequired,
    },
    bad: {
      type: { 'Current password': 'anything', 'New password': 'abcabc', 'Confirm new password': 'abcabd' },
      says: [messages.validation.passwordNotStrongEnough, messages.validation.passwordsDoNotMatch],
      atFields: {
        'New password': messages.validation.passwordNotStrongEnough,
        'Confirm new password': messages.validation.passwordsDoNotMatch,
      },
    },
  },
  {
    name: 'the new activation page',
    persona: NORTHWIND_WRITER,
    path: '/activations/activations/create',
    open: (page) => Promise.resolve(page.getByRole('main')),
    send: 'Create and activate',
    says: ['Choose a measurement', 'Minimum APM is required', 'Choose a platform', 'Name is required'],
    atFields: { 'Minimum APM': 'Minimum APM is required', Name: 'Name is required' },
    bad: {
      type: { 'Minimum APM': '-5', Name: '   ' },
      says: ['Minimum APM must not be negative', 'Name is required'],
      atFields: { 'Minimum APM': 'Minimum APM must not be negative' },
    },
  },
  {
    name: 'the new data import page',
    persona: NORTHWIND_WRITER,
    path: '/measurements',
    open: async (page) => {
      await openApp(page, `/measurements/${await northwindMeasurement(page)}/data-imports/create`);
      return page.getByRole('main');
    },
    send: 'Start import',
    says: ['Choose an import job config', 'Choose a CSV file'],
    atFields: { 'Import job config': 'Choose an import job config', 'Delivery export (CSV)': 'Choose a CSV file' },
    bad: {
      type: {},
      files: { 'Delivery export (CSV)': 'delivery.txt' },
      says: ['The file must be a CSV (.csv)'],
      atFields: { 'Delivery export (CSV)': 'The file must be a CSV (.csv)' },
    },
  },
];

/** A text that begins with `text` (a field's description is its message, then its hint). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A field a person types into, by its label: a text box, a number box or a password box. */
const typedField = (form: Locator, label: string) =>
  form
    .getByRole('textbox', { name: label, exact: true })
    .or(form.getByRole('spinbutton', { name: label, exact: true }))
    .or(form.locator('input[type="password"]').and(form.getByLabel(label, { exact: true })));

/** Each field (label → message) is marked refused and described by its message first. */
async function expectAtFields(form: Locator, atFields: Readonly<Record<string, string>>, what: string) {
  for (const [label, message] of Object.entries(atFields)) {
    const field = form.getByLabel(label, { exact: true });
    await expect.soft(field, `${what}: ${label} is marked`).toHaveAttribute('aria-invalid', 'true');
    await expect.soft(field, `${what}: ${label} says why`).toHaveAccessibleDescription(startsWith(message));
  }
}

/** Sends the form and checks what it shows: its summary, the messages given, no validator's text. */
async function sendAndRead(page: Page, form: Locator, send: string, says: readonly string[], what: string) {
  await form.getByRole('button', { name: send, exact: true }).click();
  await expect.soft(form.getByRole('alert').filter({ hasText: SUMMARY }), `${what}: the summary`).toBeVisible();
  // A choice's empty box may say the same words ('Choose a platform'): the message is the other one.
  const notPlaceholder = form.locator(':not([data-placeholder])');
  for (const message of says)
    await expect.soft(form.getByText(message, { exact: true }).and(notPlaceholder), what).toBeVisible();
  const shown = await page.locator('body').innerText();
  expect.soft(shown.match(RAW_VALIDATOR_TEXT)?.[0] ?? null, `${what} shows a validator's text`).toBeNull();
}

for (const entry of INLINE_FORMS) {
  test(`${entry.name}, sent empty${entry.bad ? ' and with bad values' : ''}: a summary and people's words`, async ({
    page,
  }) => {
    await signIn(page, entry.persona);
    await openApp(page, entry.path);
    const form = await entry.open(page);
    await expect(form).toBeVisible();
    for (const label of entry.empty ?? []) await typeInto(form.getByRole('textbox', { name: label, exact: true }), '');
    await sendAndRead(page, form, entry.send, entry.says ?? [], `${entry.name} sent empty`);
    await expectAtFields(form, entry.atFields ?? {}, `${entry.name} sent empty`);
    if (!entry.bad) return;
    for (const [label, text] of Object.entries(entry.bad.type)) await typeInto(typedField(form, label), text);
    for (const [label, name] of Object.entries(entry.bad.files ?? {}))
      await form
        .getByLabel(label, { exact: true })
        .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('a,b\n') });
    await clickAway(page);
    await sendAndRead(page, form, entry.send, entry.bad.says, `${entry.name} with bad values`);
    await expectAtFields(form, entry.bad.atFields ?? {}, `${entry.name} with bad values`);
  });
}

test('a name the server refuses is said once: under the field and in the summary, not in a toast too', async ({
  page,
}) => {
  await signIn(page, NORTHWIND_ADMIN);
  await openApp(page, '/labels');
  await expect(page.getByRole('button', { name: 'Brand', exact: true })).toBeVisible();
  const newCategory = page.getByRole('form', { name: 'New category' });
  await typeInto(newCategory.getByRole('textbox'), 'brand');
  await newCategory.getByRole('button', { name: 'Add' }).click();
  const taken = 'A label category with this name already exists in this account';
  await expect(newCategory.getByText(taken)).toBeVisible();
  await expect(newCategory.getByRole('alert').filter({ hasText: SUMMARY })).toBeVisible();
  // A toast would come with the field's message and leave after 5 s: counted once, now (a
  // retrying assertion would wait for it to go).
  await page.waitForTimeout(300);
  expect(await page.getByText(taken).count()).toBe(1);
});
