import { loadCatalogPart } from '../../i18n';
/** The IP check screen, with its part of the catalog. */
export const loadIpCheckScreen = () =>
  Promise.all([import('./ip-check-screen'), loadCatalogPart('operations')]).then(([m]) => m);
