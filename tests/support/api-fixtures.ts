import { randomUUID } from 'node:crypto';
import type { CommandName } from '../../src/commands/registry';
import type { SectionKind } from '../../src/contract/domain-config';
import { sectionKinds } from '../../src/contract/domain-config';
import type { EndpointName } from '../../src/contract/endpoints';

/**
 * Valid inputs of every endpoint and payloads of every command, for the tests generated from the
 * registries (hardening, the authorisation matrix). A new endpoint or command needs its entry here.
 */
/** A valid input of every endpoint that takes one: the base each poisoned request starts from. */
export const endpointInputs: Partial<Record<EndpointName, Record<string, unknown>>> = {
  identityView: { code: 'c'.repeat(43), state: 'state-1', session_state: 'session-1' },
  identityLogout: { source: 'portal' },
  checkAuth: { params: ['is/channel/account'] },
  viewLists: {},
  switchUser: { user_id: 1 },
  customerLists: { keyword: 'customer', page: 1, page_size: 20 },
  baseInfo: {},
  update: { real_name: '张三', mobile: '13800138000', email: 'a@example.com', company: 'Example' },
  productOpen: { agreement: true, mode: 'flow', is_overseas: 1, product: 'cdn' },
  feedbackAdd: { type: 'suggestion', product: 'cdn', title: 'Title', content: 'Content', image_ids: [] },
  syncPush: {
    actor_id: 1,
    commands: [
      {
        key: 'poison-base-0001',
        name: 'ipBan.unban',
        aggregate_id: '192.0.2.0/24',
        base_version: 1,
        schema_version: 1,
        payload: { cidr: '192.0.2.0/24' },
        origin: 'browser',
      },
    ],
  },
  ipBanList: { keyword: '192.0.2', page: 1, page_size: 20 },
  ipBanLookup: { ip: '192.0.2.1' },
  contentList: { kind: 'url', status: 'success', keyword: 'example', page: 1, page_size: 20 },
  ipCheck: { ips: ['192.0.2.1', 'http://198.51.100.7:8080/'] },
  fileSyncCreate: {
    id: randomUUID(),
    name: 'release.apk',
    size: 1024,
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
  },
  fileSyncChunk: { id: randomUUID(), offset: 0 },
  fileSyncDelete: { id: randomUUID() },
  alarmConfig: {},
  alarmHistory: { page: 1, page_size: 20 },
  alarmDeliveries: { event_id: randomUUID() },
  domainList: { keyword: 'example', service_type: 'web', area: '1', page: 1 },
  domainDetail: { id: randomUUID() },
  domainGroupList: { updated_since: '2026-01-01T00:00:00Z' },
  domainConfig: { id: randomUUID() },
  domainDeployment: { id: randomUUID() },
  sectionHistory: { id: randomUUID(), kind: 'domainCache' },
  certList: { keyword: 'example', expiry: 'in30' },
  certDetail: { id: randomUUID() },
  certUpload: { name: 'Certificate', certificate: 'PEM', key: 'PEM', password: 'secret', force: false },
  certDelete: { id: randomUUID() },
  certFeedUpdate: { action: 'create' },
  trafficSeries: {
    all: true,
    start: '2026-11-01T00:00:00+08:00',
    end: '2026-11-02T00:00:00+08:00',
    granularity: 60,
  },
  trafficTop: {
    all: true,
    start: '2026-11-01T00:00:00+08:00',
    end: '2026-11-02T00:00:00+08:00',
    dimension: 'url',
  },
  trafficUv: { all: true, start: '2026-11-01T00:00:00+08:00', end: '2026-11-02T00:00:00+08:00' },
  logFiles: { domain_id: randomUUID(), start: '2026-11-01T00:00:00+08:00', end: '2026-11-02T00:00:00+08:00' },
  childAdd: {
    login: 'hardening-sub',
    password: 'Sub#Pass2026',
    confirm_password: 'Sub#Pass2026',
    real_name: '运维',
    mobile: '13800138000',
    email: 'ops@example.com',
    remark: 'Remark',
    menu_ids: [201],
    data: { domains: { all: false, ids: [randomUUID()] }, certs: { all: false, ids: [randomUUID()] } },
  },
  childDetail: { user_id: 999_999 },
  childUpdate: {
    user_id: 999_999,
    real_name: '运维',
    mobile: '13800138000',
    email: 'a@example.com',
    remark: 'R',
  },
  childPassword: { user_id: 999_999, password: 'Sub#Pass2026', confirm_password: 'Sub#Pass2026' },
  childDelete: { user_id: 999_999 },
  tokenCreate: {
    user_id: 999_999,
    remark: 'Remark',
    access: 'read',
    allowed_ips: ['192.0.2.0/24'],
    domains: { all: false, ids: [randomUUID()] },
    expires_at: '2030-01-01T00:00:00Z',
  },
  tokenDelete: { id: randomUUID(), confirm: 'demo' },
  passwordChange: {
    old_password: 'Old#Pass2026',
    password: 'New#Pass2026',
    confirm_password: 'New#Pass2026',
  },
  twoFactorEnable: { code: '123456' },
  twoFactorDisable: { password: 'Old#Pass2026', code: '123456' },
  passwordConfirm: { password: 'Old#Pass2026' },
  childAuthLists: { child_user_id: 999_999 },
  childSimulate: { child_user_id: 999_999, kind: 'domain', id: randomUUID() },
  childAuthUpdate: {
    child_user_id: 999_999,
    menu_ids: [201],
    data: { domains: { all: false, ids: [randomUUID()] }, certs: { all: true, ids: [] } },
  },
  auditList: {
    keyword: 'www.example.com',
    action: 'domain.create',
    source: 'browser',
    start: '2026-01-01T00:00:00+08:00',
    end: '2026-01-02T00:00:00+08:00',
    page: 1,
    page_size: 20,
  },
};

const origin = {
  type: 'ip',
  address: '192.0.2.10',
  port: 80,
  host: 'origin.example.com',
  protocol: 'http',
  level: 10,
  weight: 10,
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: 'x-a',
  url_match: '/a',
};
const newDomain = () => ({
  id: randomUUID(),
  domain: `www.${randomUUID().slice(0, 8)}.example.com`,
  service_type: 'web',
  area: '1',
  business_type: 'web',
  origins: [origin],
  group_id: null,
});

/** A valid content of every configuration section, each list with one entry. */
const sectionContents: Record<SectionKind, Record<string, unknown>> = {
  domainOrigin: { connect_timeout: 10 },
  domainCache: {
    rules: [
      {
        type: 'suffix',
        content: 'jpg,png',
        ttl: 3600,
        priority: 1,
        ignore_no_cache: false,
        follow_origin: false,
        ignore_case: true,
        query: 'keep',
      },
    ],
  },
  domainHttps: {
    certificate_id: null,
    force_https: true,
    redirect_code: 301,
    hsts: false,
    hsts_max_age: 3600,
    hsts_subdomains: false,
    http2: true,
    tls_versions: ['TLSv1.2'],
  },
  domainAccess: {
    ip: { enabled: true, mode: 'black', entries: ['192.0.2.0/24'] },
    ua: { enabled: true, mode: 'black', entries: ['BadBot'] },
    referer: { enabled: true, mode: 'white', entries: ['*.example.com'], allow_empty: true, match: 'fuzzy' },
  },
  domainHeaders: {
    request: [{ action: 'set', name: 'X-From', value: 'cdn' }],
    response: [{ action: 'set', name: 'X-Served-By', value: 'edge' }],
  },
  domainRewrites: {
    origin_url: [{ source: '/old', target: '/new', target_domain: '' }],
    access_url: [{ source: '/a', target: '/b', target_domain: '' }],
    error_pages: [{ status: 404, target: 'http://www.example.com/404.html' }],
  },
  domainPerformance: { compression: { enabled: true, min_size: 1024, types: ['html'] }, post_limit_mb: 30 },
  domainUrlAuth: { enabled: true, type: 'A', primary_key: 'abcdef123', backup_key: '', lifetime: 3600 },
  domainSpeedLimit: { rules: [{ type: 'directory', content: '/downloads', rate_kbps: 1024 }] },
};
const sectionPayloads = Object.fromEntries(
  sectionKinds.map((kind) => [
    `${kind}.set`,
    () => ({ id: randomUUID(), content: sectionContents[kind], shown_as: 'www.example.com' }),
  ]),
) as unknown as Record<`${SectionKind}.set`, () => Record<string, unknown>>;

/** A valid payload of every command. */
export const commandPayloads: Record<CommandName, () => Record<string, unknown>> = {
  'ipBan.ban': () => ({ cidr: '192.0.2.0/24', reason: 'reason', expires_at: null }),
  'ipBan.update': () => ({ cidr: '192.0.2.0/24', reason: 'reason', expires_at: null }),
  'ipBan.unban': () => ({ cidr: '192.0.2.0/24' }),
  'domain.create': newDomain,
  'domain.copyConfig': () => ({
    ...newDomain(),
    source_id: randomUUID(),
    copy_id: randomUUID(),
    contents: ['basic'],
  }),
  'domain.hangUp': () => ({ id: randomUUID(), shown_as: 'www.example.com' }),
  'domain.recover': () => ({ id: randomUUID(), shown_as: 'www.example.com' }),
  'domain.delete': () => ({ id: randomUUID(), shown_as: 'www.example.com' }),
  'domain.rename': () => ({ id: randomUUID(), domain: 'www.renamed.example.com', shown_as: 'old' }),
  'domain.move': () => ({ id: randomUUID(), group_id: null, shown_as: 'www.example.com' }),
  'domainGroup.create': () => ({ id: randomUUID(), name: 'Group' }),
  'domainGroup.rename': () => ({ id: randomUUID(), name: 'Group', shown_as: 'Old' }),
  'domainGroup.delete': () => ({ id: randomUUID(), shown_as: 'Group' }),
  'domain.setOrigins': () => ({ id: randomUUID(), origins: [origin], shown_as: 'www.example.com' }),
  ...sectionPayloads,
  'domainHttps.associate': () => ({
    id: randomUUID(),
    certificate_id: randomUUID(),
    shown_as: 'www.example.com',
    cert_name: 'Certificate',
  }),
  'domainHttps.off': () => ({ id: randomUUID(), shown_as: 'www.example.com' }),
  'content.submit': () => ({ id: randomUUID(), kind: 'url', urls: ['https://www.example.com/a.js'] }),
  'content.retry': () => ({ id: randomUUID() }),
  'alarmPolicy.save': () => ({
    id: randomUUID(),
    name: 'Bandwidth_alarm',
    monitor_type: 'account',
    rules: [{ indicator: 'bandwidth', operator: 'gt', threshold: 100 }],
  }),
  'alarmPolicy.enable': () => ({ id: randomUUID(), enabled: false }),
  'alarmPolicy.delete': () => ({ id: randomUUID() }),
  'alarmTemplate.save': () => ({
    id: randomUUID(),
    name: 'Ops_template',
    channels: ['callback'],
    callback_url: 'https://hooks.example.com/cdn',
  }),
  'alarmTemplate.delete': () => ({ id: randomUUID() }),
  'alarmContact.save': () => ({
    id: randomUUID(),
    name: 'Zhang San',
    role: 'Operations',
    phone: '13800138000',
    email: 'ops@example.com',
  }),
  'alarmContact.delete': () => ({ id: randomUUID() }),
  'alarmGroup.save': () => ({ id: randomUUID(), name: 'On call', contact_ids: [] }),
  'alarmGroup.delete': () => ({ id: randomUUID() }),
};
