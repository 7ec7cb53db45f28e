import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
          { regex: `(^|/)(src/)?(${folders.join('|')})(/|$)`, message },
          ...extra.map((name) => ({ group: [name], message })),
        ],
      },
    ],
  },
});
const layers = (...names) => names;

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
    layers('api', 'store', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'contract imports zod only',
  ),
  zone(
    ['src/api/**'],
    layers('store', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'api imports contract only',
  ),
  zone(
    ['src/store/**'],
    layers('api', 'sync', 'machines', 'features', 'app', 'ui', 'i18n'),
    'store imports contract only',
  ),
  zone(
    ['src/sync/**'],
    layers('machines', 'features', 'app', 'ui', 'i18n'),
    'sync imports store, api, contract',
  ),
  zone(
    ['src/machines/**'],
    layers('api', 'store', 'sync', 'features', 'app', 'ui', 'i18n'),
    'machines: inject side effects as actors',
    ['react', 'dexie'],
  ),
  zone(
    ['src/ui/**', 'src/i18n/**'],
    layers('api', 'store', 'sync', 'machines', 'features', 'app'),
    'ui and i18n import contract only',
  ),
  zone(['src/features/**'], layers('app'), 'features never import the app layer'),
  zone(
    ['server/**'],
    ['src/api', 'src/app', 'src/features', 'src/store', 'src/sync', 'src/machines', 'src/ui', 'src/i18n'],
    'the server imports src/contract only',
  ),
  {
    files: ['scripts/**/*.mjs', 'bench/**', 'server/main.ts', 'server/admin.ts', 'server/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
