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
    // The shell, the shared UI parts and the plain pages serve every feature and know none: a
    // feature plugs in through the route table (pages.ts) and the sidebar declaration (sidebars.ts).
    target: ['./src/app/shell', './src/app/shared', './src/app/kit', './src/app/pages'],
    from: './src/app/features',
    message: 'The shell, shared parts, kit and pages know no feature: declare it in src/app/sidebars.ts or routes.ts.',
  },
  ...features.map((name) => ({
    target: `./src/app/features/${name}`,
    from: './src/app/features',
    except: [`./${name}`],
    message: 'Features do not import each other: move what they share to src/app/shared, src/lib or src/stores.',
  })),
];

export default tseslint.config(
  // tests/contract/typed-client is checked by its own strict tsconfig against types generated at
  // test time (tests/contract/document.ts); without them here its imports would not resolve.
  {
    ignores: [
      'dist/',
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
        { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto', 'os'], message: 'src/shared has no Node APIs.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
