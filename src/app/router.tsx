import type { MessageDescriptor } from '@lingui/core';
import {
  createHashHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { AnyRoute, RouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
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

/** The screens that take nothing from their address (spec §2): path, title and screen. */
const plainScreens: [string, MessageDescriptor | undefined, RouteComponent][] = [
  ['cdn/dashboard', menuLabels.overview, DashboardScreen],
  ['cdn/open-service', screenTitles.openService, OpenServiceScreen],
  ['cdn/suggestion', screenTitles.suggestion, SuggestionScreen],
  ['cdn/utils/ipinquiry', menuLabels.ip_query, IpCheckScreen],
  ['cdn/traffic-package', menuLabels.traffic_package, TrafficPackageScreen],
  ['cdn/resource-config', menuLabels.alarm_resource, ResourceScreen],
  ['cdn/file-sync', menuLabels.file_sync, FileSyncScreen],
  ['cdn/domain/create', screenTitles.domainCreate, DomainCreateScreen],
  ['cdn/user/list', menuLabels.user_list, UserListScreen],
  ['cdn/token-manage', menuLabels.token_manage, TokenScreen],
];
const plainScreenRoutes = plainScreens.map(([path, title, component]) =>
  createRoute({ getParentRoute: () => rootRoute, path, staticData: { title }, beforeLoad: guard, component }),
);

interface SearchScreenProps<S> {
  search: S;
  onSearchChange: (next: S) => void;
}

/** A screen that keeps its filters in its address: the route hands them over and writes them back. */
function searchScreenRoute<S>(
  path: string,
  title: MessageDescriptor | undefined,
  validateSearch: (search: Record<string, unknown>) => S,
  Screen: ComponentType<SearchScreenProps<S>>,
): AnyRoute {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title },
    validateSearch,
    beforeLoad: guard,
    component: function SearchScreenRoute() {
      const search = route.useSearch() as S;
      const navigate = route.useNavigate();
      return (
        <Screen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
      );
    },
  });
  return route;
}

const searchScreenRoutes = [
  searchScreenRoute('cdn/ip-ban', menuLabels.ip_ban, parseIpBanSearch, IpBanScreen),
  searchScreenRoute('cdn/cert', menuLabels.cert, parseCertSearch, CertScreen),
  searchScreenRoute('cdn/content', menuLabels.content, parseContentSearch, ContentScreen),
  searchScreenRoute('cdn/domain/list', menuLabels.domain_list, parseDomainListSearch, DomainListScreen),
  searchScreenRoute('cdn/user/audit-log', menuLabels.audit_log, asGiven, AuditLogScreen),
];

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
const statisticsViewRoutes = statisticsViews.map(([path, view, title]) =>
  searchScreenRoute(
    path,
    title,
    asGiven,
    function StatisticsView(props: SearchScreenProps<Record<string, unknown>>) {
      return <TrafficScreen view={view} {...props} />;
    },
  ),
);

const positiveId = (params: { id: string }) => {
  if (!/^\d{1,12}$/.test(params.id)) throw redirect({ to: dashboardPath, replace: true });
};
/** Domains and groups are named by UUIDs (the browser chooses them, see src/contract/domain.ts). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const domainListPath = '/cdn/domain/list';

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
  ...plainScreenRoutes,
  ...searchScreenRoutes,
  helpRoute,
  ticketRoute,
  ticketDetailRoute,
  domainDetailRoute,
  statisticsRoute,
  statisticsTypeRoute,
  ...statisticsViewRoutes,
  domainCopyRoute,
  userCreateRoute,
  userDetailRoute,
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
