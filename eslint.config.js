// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The direction of imports (design.md): shared ← stores/lib ← app features; features do not
 * import each other; the server takes only src/shared from the client side.
 */
const features = (() => {
  try {
    return readdirSync('src/app/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const zones = [
  {
    target: './src/shared',
    from: ['./src/app', './src/stores', './src/lib', './server'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  { target: './src/stores', from: ['./src/app', './server'], message: 'Stores sit below the app.' },
  { target: './src/lib', from: ['./src/app', './server'], message: 'src/lib sits below the app.' },
  {
    target: './server',
    from: ['./src/app', './src/stores', './src/lib', './src/pages', './src/layouts'],
    message: 'The server takes only src/shared from the client side.',
  },
  {
    // The kit builds on the shared parts, never the other way: a part built on the kit's lists,
    // fields or forms lives in the kit (src/app/shared/README.md).
    target: './src/app/shared',
    from: './src/app/kit',
    message: 'src/app/shared sits below the kit: move what needs the kit into src/app/kit.',
  },
  {
    // The shell, the shared UI parts and the plain pages serve every feature and know none: a
    // feature plugs in through the route table (pages.ts) and the sidebar declaration (sidebars.ts).
    target: ['./src/app/shell', './src/app/shared', './src/app/kit', './src/app/pages'],
    from: './src/app/features',
    message: 'The shell, shared parts, kit and pages know no feature: declare it in src/app/sidebars.ts or routes.ts.',
  },
  {
    // The route table is read on first load and by Node (browser tests, scripts, docs): of the
    // app it takes only the admin sections' entries (plain data, each section's entry.ts, collected
    // by the generated admin-entries.ts). Their declarations import the table: import-x/no-cycle
    // refuses those once the table imports one.
    target: './src/app/routes',
    from: './src/app',
    except: ['./routes', './features/admin/sections'],
    message: 'Of the app, the route table imports only the admin sections’ entries: name a page by its PageName.',
  },
  ...features.map((name) => ({
    target: `./src/app/features/${name}`,
    from: './src/app/features',
    except: [`./${name}`],
    message: 'Features do not import each other: move what they share to src/app/shared, src/lib or src/stores.',
  })),
];

/**
 * fixtures/ builds the demo data on top of the server and src/shared, never the other way: what
 * both need (the demo's ids and clock, the store's row types) lives in src/shared/demo-data.ts and
 * server/store/collections.ts. The exceptions read fixture data on purpose: the demo loader (the
 * data at start, its dates moved to today) and the metric reads (the demo's delivery figures are
 * generated on read, never stored: fixtures/metrics.ts).
 */
const FIXTURES_IMPORT = {
  group: ['**/fixtures/**'],
  message: 'The app and the server do not import fixtures/: share it through src/shared or server/store.',
};
const FIXTURE_READERS = [
  'server/store/index.ts',
  'server/store/demo-days.ts',
  'server/routes/**/metrics.ts',
  'server/routes/**/report-data.ts',
];

/**
 * Access is asked by permission name (`can(role, 'labels.manage')`, src/shared/access.ts), so a
 * permission moves to another role in one place. These selectors refuse a role word where it
 * decides access: as an argument of a role comparison, compared with something named …role, a case
 * of a switch on a role, the role of an access rule, or a role-typed default. Role words as data (a
 * grant's role, a form's initial choice, `mode: 'read'`) are left alone.
 */
const ROLE_WORD = '/^(read|write|admin|root|super)$/';
const roleWordMessage =
  "Ask a permission by name (can(role, 'x.y'), PERMISSIONS in src/shared/access.ts), not a role word.";
const roleWordSelectors = [
  `CallExpression[callee.name=/^(roleAtLeast|maxRole|mayGrant)$/] > Literal[value=${ROLE_WORD}]`,
  `CallExpression[callee.property.name=/^(roleAtLeast|maxRole|mayGrant)$/] > Literal[value=${ROLE_WORD}]`,
  `BinaryExpression[operator=/^[!=]==?$/][left.name=/[rR]ole$/] > Literal.right[value=${ROLE_WORD}]`,
  `BinaryExpression[operator=/^[!=]==?$/][left.property.name=/[rR]ole$/] > Literal.right[value=${ROLE_WORD}]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.name=/[rR]ole$/] > Literal.left[value=${ROLE_WORD}]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.property.name=/[rR]ole$/] > Literal.left[value=${ROLE_WORD}]`,
  `SwitchStatement[discriminant.name=/[rR]ole$/] > SwitchCase > Literal.test[value=${ROLE_WORD}]`,
  `SwitchStatement[discriminant.property.name=/[rR]ole$/] > SwitchCase > Literal.test[value=${ROLE_WORD}]`,
  `Property[key.name=/^(rule|access)$/] > ObjectExpression > Property[key.name='role'] > Literal[value=${ROLE_WORD}]`,
  `Property[key.name=/^(writeRole|searchRole)$/] > Literal[value=${ROLE_WORD}]`,
  `AssignmentPattern[left.name=/[rR]ole$/] > Literal.right[value=${ROLE_WORD}]`,
].map((selector) => ({ selector, message: roleWordMessage }));

export default tseslint.config(
  // tests/contract/typed-client is checked by its own strict tsconfig against types generated at
  // test time (tests/contract/document.ts); without them here its imports would not resolve.
  {
    ignores: [
      'dist/',
      'packages/*/dist/',
      'examples/*/node_modules/',
      'node_modules/',
      '.astro/',
      'test-results/',
      'playwright-report/',
      'data/',
      '**/*.astro',
      'tests/contract/typed-client/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // No two modules import each other, through others or lazily (import()) either:
      // tests/unit/docs/import-cycles.test.ts checks the same over the whole tree.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Command-line scripts, fixtures and benchmarks talk to a terminal.
    files: ['scripts/**', 'fixtures/**', 'tests/bench/**', 'tests/contract/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/**', 'server/**'],
    ignores: FIXTURE_READERS,
    rules: { 'no-restricted-imports': ['error', { patterns: [FIXTURES_IMPORT] }] },
  },
  {
    // src/shared runs in the browser and in Node alike, so it may use neither's own APIs.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'HTMLElement'].map(
          (name) => ({ name, message: 'src/shared has no DOM: pass what it needs in.' }),
        ),
        ...['process', 'Buffer', '__dirname', '__filename', 'require', 'global'].map((name) => ({
          name,
          message: 'src/shared has no Node APIs: pass what it needs in.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'os'], message: 'src/shared has no Node APIs.' },
            FIXTURES_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: [
      // The role ladder and the permission table themselves.
      'src/shared/access.ts',
      'src/shared/constants.ts',
      // Personas and their grants.
      'fixtures/**',
      // Tests state what the spec expects in its words ("the Users page needs admin"): an oracle
      // read from the permission table would agree with any mistake in it.
      'tests/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...roleWordSelectors] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
