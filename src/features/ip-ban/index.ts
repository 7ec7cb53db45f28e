// The first load carries only what the shell needs of this feature: the reading of the list's
// address. The screen loads when it is opened.
/** The pending-changes views of the feature's commands: loaded with the pending-changes panel. */
export const loadIpBanCommandViews = () => import('./command-views').then((m) => m.ipBanCommandViews);
export { parseIpBanSearch } from './search';
export type { IpBanSearch } from './search';
export const loadIpBanScreen = () => import('./ip-ban-screen');
