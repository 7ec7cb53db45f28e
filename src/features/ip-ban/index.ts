import { loadCatalogPart } from '../../i18n';
// The first load carries only what the shell needs of this feature: the reading of the list's
// address. The screen, its command views and their texts load when one of them is needed.
/** The pending-changes views of the feature's commands: loaded with the pending-changes panel. */
export const loadIpBanCommandViews = () =>
  Promise.all([import('./command-views'), loadCatalogPart('ipBan')]).then(([m]) => m.ipBanCommandViews);
export { parseIpBanSearch } from './search';
export type { IpBanSearch } from './search';
export const loadIpBanScreen = () =>
  Promise.all([import('./ip-ban-screen'), loadCatalogPart('ipBan')]).then(([m]) => m);
