import type { AggregateStates, Kind } from '../../src/commands/kinds';
import { sectionKinds, type SectionKind } from '../../src/contract/domain-config';
import { documentStore } from '../aggregates/documents';
import type { AggregateStore } from '../aggregates/types';
import { contentTaskStore } from '../modules/content/store';
import { groupStore, domainStore } from '../modules/domain/store';
import { ipBanStore } from '../modules/ip-ban/store';

export type { AggregateStore, SaveInput, Stored } from '../aggregates/types';

/** The store of each kind of aggregate. */
export const stores: { [k in Kind]: AggregateStore<AggregateStates[k]> } = {
  domain: domainStore,
  domainGroup: groupStore,
  ipBan: ipBanStore,
  domainCopy: documentStore('domainCopy'),
  contentTask: contentTaskStore,
  alarmPolicy: documentStore('alarmPolicy'),
  alarmTemplate: documentStore('alarmTemplate'),
  alarmContact: documentStore('alarmContact'),
  alarmGroup: documentStore('alarmGroup'),
  ...(Object.fromEntries(sectionKinds.map((kind) => [kind, documentStore(kind)])) as {
    [K in SectionKind]: AggregateStore<AggregateStates[K]>;
  }),
};
