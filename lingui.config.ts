import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en_US',
  locales: ['zh_CN', 'en_US'],
  fallbackLocales: { default: 'en_US' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
