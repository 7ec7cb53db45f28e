import { lazy } from 'react';
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
export const DashboardScreen = lazy(() =>
  loadDashboardScreen().then((m) => ({ default: m.DashboardScreen })),
);
export const OpenServiceScreen = lazy(() =>
  import('../features/open-service').then((m) => ({ default: m.OpenServiceScreen })),
);
export const HelpScreen = lazy(() => import('../features/help').then((m) => ({ default: m.HelpScreen })));
export const SuggestionScreen = lazy(() =>
  loadSuggestionScreen().then((m) => ({ default: m.SuggestionScreen })),
);
export const TicketListScreen = lazy(() =>
  loadTicketListScreen().then((m) => ({ default: m.TicketListScreen })),
);
export const TicketDetailScreen = lazy(() =>
  loadTicketDetailScreen().then((m) => ({ default: m.TicketDetailScreen })),
);
// The feature's index is in the first load (its pending-changes views); the screen is not.
export const IpBanScreen = lazy(() => loadIpBanScreen().then((m) => ({ default: m.IpBanScreen })));
export const DomainListScreen = lazy(() =>
  loadDomainListScreen().then((m) => ({ default: m.DomainListScreen })),
);
export const DomainCreateScreen = lazy(() =>
  loadDomainCreateScreen().then((m) => ({ default: m.DomainCreateScreen })),
);
export const DomainDetailScreen = lazy(() =>
  loadDomainDetailScreen().then((m) => ({ default: m.DomainDetailScreen })),
);
export const DomainCopyScreen = lazy(() =>
  loadDomainCopyScreen().then((m) => ({ default: m.DomainCopyScreen })),
);
// The audit log's chunk is its feature's index, loaded with its texts: nothing of it is in the first load.
export const AuditLogScreen = lazy(() =>
  Promise.all([
    import('../features/audit-log'),
    loadCatalogPart('auditLog'),
    loadCatalogPart('commands'),
  ]).then(([m]) => ({
    default: m.AuditLogScreen,
  })),
);

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
export const TrafficPackageScreen = lazy(() =>
  loadTrafficPackageScreen().then((m) => ({ default: m.TrafficPackageScreen })),
);
export const ResourceScreen = lazy(() => loadResourceScreen().then((m) => ({ default: m.ResourceScreen })));
export const FileSyncScreen = lazy(() => loadFileSyncScreen().then((m) => ({ default: m.FileSyncScreen })));
export const AlarmScreen = lazy(() => loadAlarmScreen().then((m) => ({ default: m.AlarmScreen })));
export const IpCheckScreen = lazy(() => loadIpCheckScreen().then((m) => ({ default: m.IpCheckScreen })));
export const ContentScreen = lazy(() => loadContentScreen().then((m) => ({ default: m.ContentScreen })));
export const CertScreen = lazy(() => loadCertScreen().then((m) => ({ default: m.CertScreen })));
export const TrafficScreen = lazy(() => loadTrafficScreen().then((m) => ({ default: m.TrafficScreen })));
export const UserListScreen = lazy(() => loadUserListScreen().then((m) => ({ default: m.UserListScreen })));
export const UserCreateScreen = lazy(() =>
  loadUserCreateScreen().then((m) => ({ default: m.UserCreateScreen })),
);
export const UserDetailScreen = lazy(() =>
  loadUserDetailScreen().then((m) => ({ default: m.UserDetailScreen })),
);
export const AccountCenterScreen = lazy(() =>
  loadAccountCenterScreen().then((m) => ({ default: m.AccountCenterScreen })),
);
export const TokenScreen = lazy(() => loadTokenScreen().then((m) => ({ default: m.TokenScreen })));
