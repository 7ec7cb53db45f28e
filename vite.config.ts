/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { build, defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { firstChunksId, firstScreenModules } from './src/app/first-screen-modules.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;
const serverPaths = ['/v3', '/api', '/account', '/portal', '/canvas', '/docs'];

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/** The page-start script (src/app/page-start.ts) as one small classic script. */
async function pageStartScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    // The screens the page-start script names are read through, not bundled, yet their imports
    // are parsed: a message catalog stands as an empty one (this build has no catalog compiler).
    plugins: [
      {
        name: 'page-start-no-catalogs',
        load: (id) => (id.endsWith('.po') ? 'export const messages = {};' : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: 'src/app/page-start.ts', formats: ['iife'], name: 'cdnPageStart' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && 'output' in result ? result.output[0] : undefined;
  if (!chunk?.code) throw new Error('page-start: the build gave no script');
  return chunk.code.trim();
}

/** Route → the files of its screen's code that the first load does not already carry. */
function firstChunks(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (chunk: OutputChunk, seen = new Set<string>()) => {
    if (seen.has(chunk.fileName)) return seen;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, seen);
    }
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('page-start: no entry chunk');
  const initial = closure(entry);
  const map: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(firstScreenModules)) {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((c) => c.facadeModuleId === resolve(module));
      if (!chunk) throw new Error(`page-start: no chunk for ${module}`);
      for (const file of closure(chunk)) if (!initial.has(file)) files.add(`/${file}`);
    }
    map[route] = [...files];
  }
  return map;
}

/**
 * Writes the page-start script into index.html, inline (the server allows it by its hash in the
 * Content-Security-Policy), with the first screens' code files beside it as JSON.
 */
function pageStart(): Plugin {
  let script: Promise<string> | null = null;
  return {
    name: 'cdn-page-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (!ctx.bundle) return [];
        script ??= pageStartScript();
        const chunks = JSON.stringify(firstChunks(ctx.bundle)).replaceAll('<', '\\u003c');
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: firstChunksId },
            children: chunks,
            injectTo: 'head-prepend',
          },
          { tag: 'script', children: await script, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

// The files the screens' code is cut into (build.rolldownOptions below). A screen is a few files,
// not fifty small ones: each is a request and, once the service worker is installed, a lookup in
// its cache, on a machine whose processors the browser shares with everything else.
/**
 * What the overview, the screen the console opens on, draws with beyond the first load: a few of
 * Chakra's components, the read layer and the stored-list status. A file of their own, so that
 * the overview never loads the other screens' libraries (bench/run.ts prints what loads before
 * it paints, against its budget).
 */
const overviewCode =
  /node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](data-list|heading|stat|grid|simple-grid)[\\/]|@tanstack[\\/](query-core|react-query|query-persist-client-core|react-query-persist-client)[\\/])|src[\\/](sync[\\/]reads|ui[\\/]stored-list-status|store[\\/]read-cache)/;
/**
 * The libraries the other screens share (Chakra's components and their state machines, the store,
 * the schemas, XState, the read layer): one file, loaded with the first of them and kept by the
 * service worker for the rest. The charts (nivo) and the Markdown renderer are not in it.
 */
const sharedLibraries =
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@emotion|@internationalized|@tanstack|@xstate|xstate|dexie|zod|@lingui|@swc[\\/]helpers|proxy-compare)[\\/]/;
/** The console's shared layers, in one file too; the English catalog and Markdown view are not. */
const sharedLayers = /src[\\/](ui|store|sync|commands|contract|api|machines)[\\/](?!markdown-doc)/;

/**
 * The unit files about what a module does before anything set it up (the API client before
 * `configureApi`, the first catalog loaded): each runs with modules of its own.
 */
const freshUnitFiles = ['tests/unit/api/client.test.ts', 'tests/unit/i18n/catalog-parts.test.ts'];

/** What both unit projects run in. */
const unitTests = {
  environment: 'happy-dom',
  // The browser journeys share the machine's cores: a screen's test may wait its turn.
  testTimeout: 15_000,
  setupFiles: ['tests/support/unit-setup.ts'],
};

export default defineConfig({
  plugins: [
    pageStart(),
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
        // The hashed files are served from the cache by the browser, not through the worker.
        importScripts: ['/sw-static-routes.js'],
      },
    }),
    // Brotli and gzip copies of the text assets, served by the server for Accept-Encoding
    // (@fastify/static preCompressed). Pictures are compressed already.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|md|json|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 700,
    // The entry and all it imports statically is one file (the first load); then the overview's
    // code, the shared libraries and the shared layers (see above); each screen's own code is a
    // chunk of its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 4 },
            { name: 'overview', test: overviewCode, priority: 3 },
            { name: 'libraries', test: sharedLibraries, priority: 2 },
            { name: 'shared', test: sharedLayers, priority: 1 },
          ],
        },
      },
    },
  },
  // The MD5 worker of the large-file sync imports a module: workers are built as modules.
  worker: { format: 'es' },
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
          ...unitTests,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: freshUnitFiles,
          // The files of a worker share their modules and page: React, Chakra and the catalogs are
          // loaded once, not once a file (four times faster). The setup file gives each file an
          // empty device (storage, cookies, databases) at the same address.
          isolate: false,
        },
      },
      { extends: true, test: { ...unitTests, name: 'unit:fresh', include: freshUnitFiles } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/seeded-template.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One after another in one worker that keeps its modules (the server's code is loaded
          // once, not once a file): each file opens its own app and database, and what the server
          // keeps in memory hangs off those (weak maps keyed by the database or the request).
          isolate: false,
        },
      },
    ],
  },
});
