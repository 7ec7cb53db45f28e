// The first load carries only what the shell needs of this feature: the pending-changes views and
// the reading of the list's address. The screen loads when it is opened.
export { ipBanCommandViews } from './command-views';
export { parseIpBanSearch } from './search';
export type { IpBanSearch } from './search';
export const loadIpBanScreen = () => import('./ip-ban-screen');
