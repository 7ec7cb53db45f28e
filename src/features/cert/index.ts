import { loadCatalogPart } from '../../i18n';
// The first load carries only the reading of the list's address; the screen and its texts load
// when it is opened.
export { parseCertSearch } from './search';
export type { CertSearch } from './search';
/** The certificates screen, with its part of the catalog. */
export const loadCertScreen = () =>
  Promise.all([import('./cert-screen'), loadCatalogPart('cert')]).then(([m]) => m);
/** The association steps, for a domain's HTTPS section, with their part of the catalog. */
export const loadCertAssociation = () =>
  Promise.all([import('./association-entry'), loadCatalogPart('cert')]).then(([m]) => m);
/** The overview's certificate status and expiry notices, with their part of the catalog. */
export const loadCertExpiryCard = () =>
  Promise.all([import('./expiry-card'), loadCatalogPart('cert')]).then(([m]) => m);
