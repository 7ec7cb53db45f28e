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
        '<rootDir>/src/features/domain/**',
        '<rootDir>/src/features/cert/**',
        '<rootDir>/src/features/statistics/**',
        '<rootDir>/src/features/tokens/**',
        '<rootDir>/src/features/users/**',
        '<rootDir>/src/features/audit-log/**',
        '<rootDir>/src/features/ip-ban/**',
        '<rootDir>/src/features/content/**',
        '<rootDir>/src/features/ip-check/**',
        '<rootDir>/src/features/traffic-package/**',
        '<rootDir>/src/features/resource/**',
        '<rootDir>/src/features/file-sync/**',
        '<rootDir>/src/features/alarm/**',
        '<rootDir>/src/features/suggestion/**',
        '<rootDir>/src/commands/**',
      ],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/domain',
      include: ['<rootDir>/src/features/domain'],
      exclude: ['<rootDir>/src/features/domain/config/**'],
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
    {
      path: '<rootDir>/src/i18n/locales/{locale}/tokens',
      include: ['<rootDir>/src/features/tokens'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/users',
      include: ['<rootDir>/src/features/users'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/audit-log',
      include: ['<rootDir>/src/features/audit-log'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/ip-ban',
      include: ['<rootDir>/src/features/ip-ban'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/operations',
      include: [
        '<rootDir>/src/features/content',
        '<rootDir>/src/features/ip-check',
        '<rootDir>/src/features/traffic-package',
        '<rootDir>/src/features/resource',
        '<rootDir>/src/features/file-sync',
        '<rootDir>/src/features/alarm',
      ],
    },
    {
      // The commands' own texts: their names in the audit log and their lines in the pending changes.
      path: '<rootDir>/src/i18n/locales/{locale}/commands',
      include: ['<rootDir>/src/commands'],
    },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/support',
      include: ['<rootDir>/src/features/suggestion'],
    },
    {
      // The texts only the server sends (its refusals, the portal pages): read by the server alone.
      path: '<rootDir>/src/i18n/locales/{locale}/server',
      include: ['<rootDir>/server/i18n/messages.ts'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
