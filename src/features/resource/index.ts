import { loadCatalogPart } from '../../i18n';
/** The resource quota screen, with its part of the catalog. */
export const loadResourceScreen = () =>
  Promise.all([import('./resource-screen'), loadCatalogPart('operations')]).then(([m]) => m);
