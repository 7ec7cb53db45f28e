/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;
const serverPaths = ['/v3', '/api', '/account', '/portal', '/canvas', '/docs'];

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png', 'icons/*.svg', 'documents/*.md'],
      manifest: {
        // The default language is Chinese (spec §1); a manifest has one name.
        name: 'CDN 控制台',
        short_name: 'CDN 控制台',
        description: 'CDN 内容分发网络管理控制台：加速域名、证书、统计分析与更多服务',
        lang: 'zh-CN',
        start_url: '/#/cdn',
        scope: '/',
        display: 'standalone',
        background_color: '#f5f7fa',
        theme_color: '#1f6feb',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,md,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths.map((p) => new RegExp(`^${p}(/|$)`)),
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  test: {
    reporters: ['default', './tests/support/count-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/unit-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
