/** The id of the JSON the build writes beside the page-start script: route → its screen's code. */
export const firstChunksId = 'first-chunks';

/** The offline store and its sync engine, which the screens of stored lists open with them. */
const storeModule = 'src/app/sync/open-runtime.ts';

/**
 * The modules of each screen the console may open on, by route: the build has their code fetched
 * from the page start, with the console's (vite.config.ts `pageStart`). The same modules as
 * `preloadScreen` loads (src/app/screens.tsx), and the store for the screens `screenUsesStore` names.
 */
export const firstScreenModules: Record<string, string[]> = {
  '/cdn/dashboard': ['src/features/dashboard/dashboard-screen.tsx'],
  '/cdn/domain/list': ['src/features/domain/list/domain-list-screen.tsx', storeModule],
  '/cdn/domain/detail': ['src/features/domain/detail/domain-detail-screen.tsx', storeModule],
  '/cdn/ip-ban': ['src/features/ip-ban/ip-ban-screen.tsx', storeModule],
};
