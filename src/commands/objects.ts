import { sectionKinds, type SectionKind } from '../contract/domain-config';
import type { Objects } from '../contract/permissions';
import { contentHost } from '../contract/rules/content';
import type { AggregateStates, Kind } from './kinds';

type ObjectsOf<K extends Kind> = (id: string, state: AggregateStates[K] | undefined) => Objects;

const domainSection: ObjectsOf<SectionKind> = (id) => ({ domains: [id] });

/**
 * The objects an aggregate of each kind touches (data permission, spec §6): a command needs its
 * caller to reach those of every aggregate it changes, as they were before it and as they are
 * after it, so no command can move something out of the caller's reach or into it. `state` is
 * undefined for an aggregate that does not exist (before it is made).
 *
 * The account-wide settings (`settings`) act on every domain of the account: an IP ban blocks
 * its addresses on all of them, a group holds any of them, a template or contact serves every
 * policy, a policy on the whole account watches all of them.
 */
export const objectsOfKind: { [K in Kind]: ObjectsOf<K> } = {
  ...(Object.fromEntries(sectionKinds.map((kind) => [kind, domainSection])) as {
    [K in SectionKind]: ObjectsOf<K>;
  }),
  // The certificate in service is used by the domain: associating one needs both.
  domainHttps: (id, state) => ({ domains: [id], certs: state?.certificate_id ? [state.certificate_id] : [] }),
  domain: (id) => ({ domains: [id] }),
  // A copy reads its source and makes its targets.
  domainCopy: (_id, state) => ({ domains: state ? [state.source_id, ...state.targets] : [] }),
  domainGroup: () => ({ settings: true }),
  ipBan: () => ({ settings: true }),
  // A refresh or prefetch acts on the domains that serve its URLs.
  contentTask: (_id, state) => ({ hosts: state ? state.urls.map((u) => contentHost(u.url)) : [] }),
  alarmPolicy: (_id, state) =>
    state === undefined
      ? {}
      : state.monitor_type === 'domain'
        ? { domains: state.domain_ids }
        : { settings: true },
  alarmTemplate: () => ({ settings: true }),
  alarmContact: () => ({ settings: true }),
  alarmGroup: () => ({ settings: true }),
};

/** The objects of one aggregate of a kind known only at run time. */
export const objectsOfAggregate = (kind: Kind, id: string, state: unknown): Objects =>
  (objectsOfKind[kind] as ObjectsOf<Kind>)(id, state as never);
