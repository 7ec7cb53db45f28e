// The first load carries only what the shell needs of this feature: the pending-changes views and
// the reading of the list's address. The screens load when they are opened.
export { domainCommandViews } from './command-views';
export { parseDomainListSearch } from './search';
export type { DomainListSearch } from './search';
export const loadDomainListScreen = () => import('./list/domain-list-screen');
export const loadDomainCreateScreen = () => import('./create/domain-create-screen');
export const loadDomainDetailScreen = () => import('./detail/domain-detail-screen');
export const loadDomainCopyScreen = () => import('./copy/domain-copy-screen');
