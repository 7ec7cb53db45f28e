import { loadCatalogPart } from '../../i18n';
// The first load carries only what the shell needs of this feature: the reading of the list's
// address. The screens load when they are opened, with the feature's texts (a part of the catalog
// of their own); the configuration's texts are another part, loaded where it shows.
const withTexts = <T>(load: () => Promise<T>, ...parts: ('domain' | 'domainConfig')[]) =>
  Promise.all([load(), ...parts.map(loadCatalogPart)]).then(([m]) => m);

/** The pending-changes views of the feature's commands: loaded with the pending-changes panel. */
export const loadDomainCommandViews = () =>
  withTexts(() => import('./command-views'), 'domain', 'domainConfig').then((m) => m.domainCommandViews);
export { parseDomainListSearch, isDomainDetailTab } from './search';
export type { DomainDetailTab } from './search';
export type { DomainListSearch } from './search';
export const loadDomainListScreen = () => withTexts(() => import('./list/domain-list-screen'), 'domain');
export const loadDomainCreateScreen = () =>
  withTexts(() => import('./create/domain-create-screen'), 'domain');
export const loadDomainDetailScreen = () =>
  withTexts(() => import('./detail/domain-detail-screen'), 'domain', 'domainConfig');
export const loadDomainCopyScreen = () =>
  withTexts(() => import('./copy/domain-copy-screen'), 'domain', 'domainConfig');
