import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  loadDomainCopyScreen,
  loadDomainCreateScreen,
  loadDomainDetailScreen,
  loadDomainListScreen,
} from '../features/domain';
import { loadIpBanScreen } from '../features/ip-ban';
import { loadCertScreen } from '../features/cert';
import { loadContentScreen } from '../features/content';
import { loadIpCheckScreen } from '../features/ip-check';
import { loadTrafficPackageScreen } from '../features/traffic-package';
import { loadResourceScreen } from '../features/resource';
import { loadFileSyncScreen } from '../features/file-sync';
import { loadAlarmScreen } from '../features/alarm';
import { loadDashboardScreen } from '../features/dashboard';
import { loadTrafficScreen } from '../features/statistics';
import { loadCatalogPart } from '../i18n';
import { loadTokenScreen } from '../features/tokens';
import { loadSuggestionScreen, loadTicketDetailScreen, loadTicketListScreen } from '../features/suggestion';
import {
  loadAccountCenterScreen,
  loadUserCreateScreen,
  loadUserDetailScreen,
  loadUserListScreen,
} from '../features/users';

/**
 * Every screen is loaded on demand, so the first load carries only the shell. The route files
 * mount these; the features' public surfaces are their index.ts.
 */
function onDemand<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ScreenOf<M[K]>> {
  return lazy(() => load().then((m) => ({ default: m[name] as ScreenOf<M[K]> })));
}

/** A module's export as the screen component it is (never: the export is not a component). */
type ScreenOf<C> = C extends ComponentType<infer P> ? ComponentType<P> : never;

export const DashboardScreen = onDemand(loadDashboardScreen, 'DashboardScreen');
export const OpenServiceScreen = onDemand(() => import('../features/open-service'), 'OpenServiceScreen');
export const HelpScreen = onDemand(() => import('../features/help'), 'HelpScreen');
export const SuggestionScreen = onDemand(loadSuggestionScreen, 'SuggestionScreen');
export const TicketListScreen = onDemand(loadTicketListScreen, 'TicketListScreen');
export const TicketDetailScreen = onDemand(loadTicketDetailScreen, 'TicketDetailScreen');
// The feature's index is in the first load (its pending-changes views); the screen is not.
export const IpBanScreen = onDemand(loadIpBanScreen, 'IpBanScreen');
export const DomainListScreen = onDemand(loadDomainListScreen, 'DomainListScreen');
export const DomainCreateScreen = onDemand(loadDomainCreateScreen, 'DomainCreateScreen');
export const DomainDetailScreen = onDemand(loadDomainDetailScreen, 'DomainDetailScreen');
export const DomainCopyScreen = onDemand(loadDomainCopyScreen, 'DomainCopyScreen');
// The audit log's chunk is its feature's index, loaded with its texts: nothing of it is in the first load.
export const AuditLogScreen = onDemand(async () => {
  const [m] = await Promise.all([
    import('../features/audit-log'),
    loadCatalogPart('auditLog'),
    loadCatalogPart('commands'),
  ]);
  return m;
}, 'AuditLogScreen');

/**
 * The code of the screen at `path` and the calls it starts with, begun before the router has
 * decided anything (the page start, see early-start): by the time the route renders, its code is
 * there or on its way. A path the guard turns away costs one unneeded download at most.
 */
export function preloadScreen(path: string): void {
  const loaders: Record<string, () => Promise<unknown>> = {
    '/cdn/dashboard': loadDashboardScreen,
    '/cdn/domain/list': loadDomainListScreen,
    '/cdn/domain/detail': loadDomainDetailScreen,
    '/cdn/ip-ban': loadIpBanScreen,
  };
  void loaders[path]?.().catch(() => {});
}

/** The screens that show what the offline store holds: the store opens with them, not after. */
const storeScreens = ['/cdn/domain/', '/cdn/ip-ban'];
export const screenUsesStore = (hash: string) => storeScreens.some((prefix) => hash.startsWith(`#${prefix}`));
export const TrafficPackageScreen = onDemand(loadTrafficPackageScreen, 'TrafficPackageScreen');
export const ResourceScreen = onDemand(loadResourceScreen, 'ResourceScreen');
export const FileSyncScreen = onDemand(loadFileSyncScreen, 'FileSyncScreen');
export const AlarmScreen = onDemand(loadAlarmScreen, 'AlarmScreen');
export const IpCheckScreen = onDemand(loadIpCheckScreen, 'IpCheckScreen');
export const ContentScreen = onDemand(loadContentScreen, 'ContentScreen');
export const CertScreen = onDemand(loadCertScreen, 'CertScreen');
export const TrafficScreen = onDemand(loadTrafficScreen, 'TrafficScreen');
export const UserListScreen = onDemand(loadUserListScreen, 'UserListScreen');
export const UserCreateScreen = onDemand(loadUserCreateScreen, 'UserCreateScreen');
export const UserDetailScreen = onDemand(loadUserDetailScreen, 'UserDetailScreen');
export const AccountCenterScreen = onDemand(loadAccountCenterScreen, 'AccountCenterScreen');
export const TokenScreen = onDemand(loadTokenScreen, 'TokenScreen');
