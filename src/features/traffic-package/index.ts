import { loadCatalogPart } from '../../i18n';
/** The traffic packages screen, with its part of the catalog. */
export const loadTrafficPackageScreen = () =>
  Promise.all([import('./traffic-package-screen'), loadCatalogPart('operations')]).then(([m]) => m);
/** The overview's traffic packages card, with its part of the catalog. */
export const loadPackageCard = () =>
  Promise.all([import('./package-card'), loadCatalogPart('operations')]).then(([m]) => m);
