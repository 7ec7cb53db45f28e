import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { tableOwners } from './server/db/table-owners.js';

/**
 * The layer rules of ARCHITECTURE.md: what each folder may not import. Matched on the import path
 * (relative or not) by the folder name under src/, e.g. `../store/db` or `../../src/store`.
 */
const zone = (files, folders, message, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          // `../store`, `../../store/db`, `../../src/store`: a folder of src/, not a file of the same
          // name in the importer's own folder (`contract/commands` is no `commands/`).
          { regex: `(^|\\.\\./|src/)(${folders.join('|')})(/|$)`, message },
          ...extra.map((name) => ({ group: [name], message })),
        ],
      },
    ],
  },
});
const layers = (...names) => names;

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A feature's public surface is its index.ts: no other feature, and not the app, reaches into its
 * files (bulletproof-react's feature folders). Made from the folders, so a new feature is covered.
 */
const features = foldersOf('./src/features');
const featureZones = features.flatMap((feature) => [
  ...features
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./src/features/${feature}`,
      from: `./src/features/${other}`,
      except: ['./index.ts'],
      message: 'A feature never imports another feature’s internals: use its index.ts.',
    })),
  {
    target: './src/app',
    from: `./src/features/${feature}`,
    except: ['./index.ts'],
    message: 'The app uses a feature through its index.ts.',
  },
]);

const serverLayers = [
  'src/api',
  'src/app',
  'src/features',
  'src/store',
  'src/sync',
  'src/machines',
  'src/ui',
  'src/i18n',
];
const serverLayerPattern = {
  regex: `(^|\\.\\./|src/)(${serverLayers.join('|')})(/|$)`,
  message: 'the server imports src/contract and src/commands only',
};
const serverModules = [
  ...foldersOf('./server/modules').map((name) => `server/modules/${name}`),
  'server/identity',
  'server/commands',
  'server/aggregates',
  'server/http',
  'server/operator',
  'server/jobs',
];
// A module reads and writes only its own tables (server/db/table-owners.js) and calls the module
// that owns the others (docs/ARCHITECTURE.md, "Table ownership"). The seed and the tests are not
// modules.
const tableZones = serverModules.map((module) => {
  const others = Object.entries(tableOwners)
    .filter(([owner]) => owner !== module)
    .flatMap(([, tables]) => tables);
  return {
    files: [`${module}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverLayerPattern,
            {
              group: ['**/db/schema'],
              importNames: others,
              message: 'A server module reads only its own tables: call the module that owns this one.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'data',
      'coverage',
      '.tmp',
      'artifacts',
      'src/i18n/locales/**/*.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/no-danger': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No raw HTML: render React elements.',
        },
      ],
    },
  },
  zone(
    ['src/contract/**'],
    layers('commands', 'api', 'store', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'contract imports zod only',
  ),
  zone(
    ['src/commands/**'],
    layers('api', 'store', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'command modules import contract only: the server runs them too',
  ),
  zone(
    ['src/api/**'],
    layers('commands', 'store', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'api imports contract only',
  ),
  zone(
    ['src/store/**'],
    layers('commands', 'api', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'store imports contract only',
  ),
  zone(
    ['src/sync/**'],
    layers('commands', 'machines', 'features', 'app', 'ui', 'i18n'),
    'sync imports store, api, contract',
  ),
  zone(
    ['src/machines/**'],
    layers('commands', 'api', 'store', 'sync', 'features', 'app', 'ui', 'i18n'),
    'machines: inject side effects as actors',
    ['react', 'dexie'],
  ),
  zone(
    ['src/ui/**', 'src/i18n/**'],
    layers('commands', 'api', 'store', 'sync', 'machines', 'features', 'app'),
    'ui and i18n import contract only',
  ),
  zone(['src/features/**'], layers('app'), 'features never import the app layer'),
  zone(['server/**'], serverLayers, serverLayerPattern.message),
  ...tableZones,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // The cycle rule reads the imported files too: TypeScript ones with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'bench/**',
      'server/main.ts',
      'server/admin.ts',
      'server/seed/cli.ts',
      'server/traffic-cli.ts',
      'edge/main.ts',
      'server/edge-local.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
