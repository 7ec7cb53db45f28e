// Imported by the service worker (vite.config.ts, workbox.importScripts). The console's built
// files under /assets/ carry their content's hash in their names and are all precached: the
// browser takes them from the cache itself (the service worker static routing API), without
// starting the worker or running its code for each of them. Where the file is not in the cache,
// the browser asks the network. A browser without the API runs the worker's own precache route.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([{ condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: 'cache' }])
      .catch(() => {}),
  );
});
