import { loadCatalogPart } from '../../i18n';
/** The large-file sync screen, with its part of the catalog. */
export const loadFileSyncScreen = () =>
  Promise.all([import('./file-sync-screen'), loadCatalogPart('operations')]).then(([m]) => m);
