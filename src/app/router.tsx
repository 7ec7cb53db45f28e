import type { MessageDescriptor } from '@lingui/core';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import type { MenuItem } from '../contract';
import { dashboardPath, defaultPath, guardRedirect } from './guard';
import { AppLayout } from './layout/app-layout';
import { ScreenError } from './layout/screen-error';
import { menuLabels, screenTitles } from './menu/menu-labels';
import {
  AccountCenterScreen,
  AuditLogScreen,
  TicketDetailScreen,
  TicketListScreen,
  DashboardScreen,
  DomainCopyScreen,
  DomainCreateScreen,
  DomainDetailScreen,
  DomainListScreen,
  HelpScreen,
  IpBanScreen,
  CertScreen,
  ContentScreen,
  IpCheckScreen,
  TrafficPackageScreen,
  ResourceScreen,
  FileSyncScreen,
  AlarmScreen,
  OpenServiceScreen,
  TrafficScreen,
  SuggestionScreen,
  TokenScreen,
  UserCreateScreen,
  UserDetailScreen,
  UserListScreen,
} from './screens';
import { isDomainDetailTab, parseDomainListSearch, type DomainDetailTab } from '../features/domain';
import { parseIpBanSearch } from '../features/ip-ban';
import { parseCertSearch } from '../features/cert';
import { parseContentSearch } from '../features/content';
import { alarmTabs, type AlarmTab } from '../features/alarm';
import { statisticsTypes, type StatisticsType, type TrafficView } from '../features/statistics';
import { parseUserDetailSearch } from '../features/users';
import { useAppState } from '../ui/app-state';
import { sectionIdPattern } from '../ui/markdown-sections';

export interface RouterContext {
  serviceOpen: boolean;
  menu: readonly MenuItem[];
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's name: the page title (document.title) while it is shown. */
    title?: MessageDescriptor;
  }
}

/**
 * The statistics, report, log and audit log screens read their own address (with their code, not in the
 * first load): the route hands it over as it is.
 */
const asGiven = (search: Record<string, unknown>): Record<string, unknown> => search;

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: AppLayout });

/** Route guard of spec §2 and §6, run before any screen loads. */
function guard({ context, location }: { context: RouterContext; location: { pathname: string } }) {
  const target = guardRedirect(location.pathname, context);
  if (target !== null) throw redirect({ to: target, replace: true });
}

const toDefault = () => {
  throw redirect({ to: defaultPath(), replace: true });
};

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: toDefault });
const cdnRoute = createRoute({ getParentRoute: () => rootRoute, path: 'cdn', beforeLoad: toDefault });
const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: toDefault,
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/dashboard',
  staticData: { title: menuLabels.overview },
  beforeLoad: guard,
  component: DashboardScreen,
});
const openServiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/open-service',
  staticData: { title: screenTitles.openService },
  beforeLoad: guard,
  component: OpenServiceScreen,
});
const helpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/help',
  staticData: { title: screenTitles.help },
  validateSearch: (search: Record<string, unknown>): { section?: string } =>
    typeof search.section === 'string' && sectionIdPattern.test(search.section)
      ? { section: search.section }
      : {},
  beforeLoad: guard,
  component: function HelpRoute() {
    const { section } = helpRoute.useSearch();
    return <HelpScreen section={section} />;
  },
});
const suggestionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/suggestion',
  staticData: { title: screenTitles.suggestion },
  beforeLoad: guard,
  component: SuggestionScreen,
});

const ticketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/ticket',
  staticData: { title: screenTitles.tickets },
  validateSearch: (search: Record<string, unknown>): { create?: 1 } =>
    search.create === 1 || search.create === '1' ? { create: 1 } : {},
  beforeLoad: guard,
  component: function TicketRoute() {
    const { create } = ticketRoute.useSearch();
    const navigate = ticketRoute.useNavigate();
    return (
      <TicketListScreen
        create={create === 1}
        onOpen={(id) => void navigate({ to: '/cdn/ticket/detail', search: { id } })}
      />
    );
  },
});
const ticketDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/ticket/detail',
  staticData: { title: screenTitles.tickets },
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search.id);
    return { id: Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0 };
  },
  beforeLoad: guard,
  component: function TicketDetailRoute() {
    const { id } = ticketDetailRoute.useSearch();
    return <TicketDetailScreen key={id} id={id} />;
  },
});

const ipBanRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/ip-ban',
  staticData: { title: menuLabels.ip_ban },
  validateSearch: parseIpBanSearch,
  beforeLoad: guard,
  component: function IpBanRoute() {
    const search = ipBanRoute.useSearch();
    const navigate = ipBanRoute.useNavigate();
    return (
      <IpBanScreen
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});

const certRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/cert',
  staticData: { title: menuLabels.cert },
  validateSearch: parseCertSearch,
  beforeLoad: guard,
  component: function CertRoute() {
    const search = certRoute.useSearch();
    const navigate = certRoute.useNavigate();
    return (
      <CertScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});

const contentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/content',
  staticData: { title: menuLabels.content },
  validateSearch: parseContentSearch,
  beforeLoad: guard,
  component: function ContentRoute() {
    const search = contentRoute.useSearch();
    const navigate = contentRoute.useNavigate();
    return (
      <ContentScreen
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});

const ipCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/utils/ipinquiry',
  staticData: { title: menuLabels.ip_query },
  beforeLoad: guard,
  component: IpCheckScreen,
});

const trafficPackageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/traffic-package',
  staticData: { title: menuLabels.traffic_package },
  beforeLoad: guard,
  component: TrafficPackageScreen,
});

const resourceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/resource-config',
  staticData: { title: menuLabels.alarm_resource },
  beforeLoad: guard,
  component: ResourceScreen,
});

const fileSyncRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/file-sync',
  staticData: { title: menuLabels.file_sync },
  beforeLoad: guard,
  component: FileSyncScreen,
});

const statisticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/statistics',
  beforeLoad: () => {
    throw redirect({ to: '/cdn/statistics/bandwidth', replace: true });
  },
});
const statisticsTypeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/statistics/$type',
  staticData: { title: menuLabels.statistics_basic },
  beforeLoad: (args) => {
    if (!(statisticsTypes as readonly string[]).includes(args.params.type)) {
      throw redirect({ to: '/cdn/statistics/bandwidth', replace: true });
    }
    guard(args);
  },
  validateSearch: asGiven,
  component: function StatisticsTypeRoute() {
    const { type } = statisticsTypeRoute.useParams();
    const search = statisticsTypeRoute.useSearch();
    const navigate = statisticsTypeRoute.useNavigate();
    return (
      <TrafficScreen
        view={type as StatisticsType}
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});

/** The statistics views of their own routes, the report and log download (spec §2): path → view and title. */
const statisticsViews: [string, TrafficView, MessageDescriptor | undefined][] = [
  ['cdn/count/flow', 'count-flow', menuLabels.count_flow],
  ['cdn/count/request', 'count-request', menuLabels.count_request],
  ['cdn/count/request-rank', 'count-request-rank', menuLabels.count_request_rank],
  ['cdn/count/response', 'count-response', menuLabels.count_response],
  ['cdn/count/request-rank-user', 'count-request-rank-user', menuLabels.count_request_rank_user],
  ['cdn/attack-monitor', 'attack-monitor', menuLabels.attack_monitor],
  ['cdn/response-time', 'response-time', menuLabels.response_time],
  ['cdn/uv-statistics', 'uv-statistics', menuLabels.uv_statistics],
  ['cdn/report', 'report', menuLabels.report],
  ['cdn/log', 'log', menuLabels.log],
];
const statisticsViewRoutes: AnyRoute[] = statisticsViews.map(([path, view, title]) => {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title },
    validateSearch: asGiven,
    beforeLoad: guard,
    component: function StatisticsViewRoute() {
      const search = route.useSearch();
      const navigate = route.useNavigate();
      return (
        <TrafficScreen
          view={view}
          search={search}
          onSearchChange={(next) => void navigate({ search: next, replace: true })}
        />
      );
    },
  });
  return route;
});

const positiveId = (params: { id: string }) => {
  if (!/^\d{1,12}$/.test(params.id)) throw redirect({ to: dashboardPath, replace: true });
};
/** Domains and groups are named by UUIDs (the browser chooses them, see src/contract/domain.ts). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const domainListPath = '/cdn/domain/list';

const domainListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/domain/list',
  staticData: { title: menuLabels.domain_list },
  validateSearch: parseDomainListSearch,
  beforeLoad: guard,
  component: function DomainListRoute() {
    const search = domainListRoute.useSearch();
    const navigate = domainListRoute.useNavigate();
    return (
      <DomainListScreen
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
const domainCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/domain/create',
  staticData: { title: screenTitles.domainCreate },
  beforeLoad: guard,
  component: DomainCreateScreen,
});
const domainDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/domain/detail',
  staticData: { title: screenTitles.domainDetail },
  validateSearch: (search: Record<string, unknown>): { id?: string; section?: DomainDetailTab } => ({
    ...(typeof search.id === 'string' && uuidPattern.test(search.id) ? { id: search.id } : {}),
    ...(isDomainDetailTab(search.section) && search.section !== 'basic' ? { section: search.section } : {}),
  }),
  beforeLoad: (args) => {
    guard(args);
    if (!args.search.id) throw redirect({ to: domainListPath, replace: true });
  },
  component: function DomainDetailRoute() {
    const { id, section } = domainDetailRoute.useSearch();
    const navigate = domainDetailRoute.useNavigate();
    return (
      <DomainDetailScreen
        id={id ?? ''}
        tab={section ?? 'basic'}
        onTab={(next) =>
          void navigate({ search: { id, ...(next === 'basic' ? {} : { section: next }) }, replace: true })
        }
      />
    );
  },
});
const domainCopyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/domain/copy/$id',
  staticData: { title: screenTitles.domainCopy },
  beforeLoad: (args) => {
    if (!uuidPattern.test(args.params.id)) throw redirect({ to: domainListPath, replace: true });
    guard(args);
  },
  component: function DomainCopyRoute() {
    const { id } = domainCopyRoute.useParams();
    return <DomainCopyScreen id={id} />;
  },
});
const userListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/user/list',
  staticData: { title: menuLabels.user_list },
  beforeLoad: guard,
  component: UserListScreen,
});
const userCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/user/create',
  staticData: { title: screenTitles.userCreate },
  beforeLoad: guard,
  component: () => <UserCreateScreen menuLabels={menuLabels} />,
});
const userDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/user/detail/$id',
  staticData: { title: screenTitles.userDetail },
  validateSearch: parseUserDetailSearch,
  beforeLoad: (args) => {
    positiveId(args.params);
    guard(args);
  },
  component: function UserDetailRoute() {
    const { loginInfo } = useAppState();
    const id = Number(userDetailRoute.useParams().id);
    const { tab } = userDetailRoute.useSearch();
    const navigate = userDetailRoute.useNavigate();
    // A main account opens its sub-accounts here; every other id is an account center, whose
    // screen says when it is not the caller's to open.
    const subAccount = loginInfo?.kind === 'main' && id !== loginInfo.view_id && id !== loginInfo.user_id;
    if (!subAccount) return <AccountCenterScreen id={id} />;
    return (
      <UserDetailScreen
        id={id}
        tab={tab ?? 'profile'}
        onTab={(next) => void navigate({ search: next === 'profile' ? {} : { tab: next }, replace: true })}
        menuLabels={menuLabels}
      />
    );
  },
});

const tokenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/token-manage',
  staticData: { title: menuLabels.token_manage },
  beforeLoad: guard,
  component: TokenScreen,
});

const auditLogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/user/audit-log',
  staticData: { title: menuLabels.audit_log },
  validateSearch: asGiven,
  beforeLoad: guard,
  component: function AuditLogRoute() {
    const search = auditLogRoute.useSearch();
    const navigate = auditLogRoute.useNavigate();
    return (
      <AuditLogScreen
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});

const alarmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cdn/alarm-manage',
  staticData: { title: menuLabels.alarm },
  validateSearch: (search: Record<string, unknown>): { tab?: AlarmTab } =>
    typeof search.tab === 'string' &&
    (alarmTabs as readonly string[]).includes(search.tab) &&
    search.tab !== 'policies'
      ? { tab: search.tab as AlarmTab }
      : {},
  beforeLoad: guard,
  component: function AlarmRoute() {
    const search = alarmRoute.useSearch();
    const navigate = alarmRoute.useNavigate();
    return (
      <AlarmScreen
        tab={search.tab ?? 'policies'}
        onTab={(tab) => void navigate({ search: tab === 'policies' ? {} : { tab }, replace: true })}
      />
    );
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  cdnRoute,
  dashboardRoute,
  openServiceRoute,
  helpRoute,
  suggestionRoute,
  ticketRoute,
  ticketDetailRoute,
  ipBanRoute,
  certRoute,
  contentRoute,
  ipCheckRoute,
  trafficPackageRoute,
  resourceRoute,
  fileSyncRoute,
  domainListRoute,
  domainCreateRoute,
  domainDetailRoute,
  statisticsRoute,
  statisticsTypeRoute,
  ...statisticsViewRoutes,
  domainCopyRoute,
  userListRoute,
  userCreateRoute,
  userDetailRoute,
  tokenRoute,
  auditLogRoute,
  alarmRoute,
  notFoundRoute,
]);

/** Hash history: every address is `/#/cdn/...`, served by one static page (and the service worker). */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    context,
    defaultPreload: false,
    // A screen that fails shows why, with a retry, never an endless spinner or a blank page.
    defaultErrorComponent: ScreenError,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
