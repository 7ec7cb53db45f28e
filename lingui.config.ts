import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en_US',
  locales: ['zh_CN', 'en_US'],
  fallbackLocales: { default: 'en_US' },
  // The first load carries `messages`; a part goes with the screens that use it (src/i18n/index.ts).
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/features/domain/config/**',
        '<rootDir>/src/features/cert/**',
        '<rootDir>/src/features/statistics/**',
      ],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/domain-config',
      include: ['<rootDir>/src/features/domain/config'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/cert',
      include: ['<rootDir>/src/features/cert'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/statistics',
      include: ['<rootDir>/src/features/statistics'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
