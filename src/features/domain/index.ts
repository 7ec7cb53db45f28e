import { loadCatalogPart } from '../../i18n';
// The first load carries only what the shell needs of this feature: the reading of the list's
// address. The screens load when they are opened.
/** The pending-changes views of the feature's commands: loaded with the pending-changes panel. */
export const loadDomainCommandViews = () =>
  Promise.all([import('./command-views'), loadCatalogPart('domainConfig')]).then(
    ([m]) => m.domainCommandViews,
  );
export { parseDomainListSearch, isDomainDetailTab } from './search';
export type { DomainDetailTab } from './search';
export type { DomainListSearch } from './search';
export const loadDomainListScreen = () => import('./list/domain-list-screen');
export const loadDomainCreateScreen = () => import('./create/domain-create-screen');
/** The detail shows the configuration: its texts are a part of the catalog of their own. */
export const loadDomainDetailScreen = () =>
  Promise.all([import('./detail/domain-detail-screen'), loadCatalogPart('domainConfig')]).then(([m]) => m);
export const loadDomainCopyScreen = () => import('./copy/domain-copy-screen');
