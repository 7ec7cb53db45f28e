import { z } from 'zod';
import { domainEntry, domainGroup, type DomainEntry, type DomainGroup } from '../contract/domain';
import { sectionKinds, sectionState, type SectionKind, type SectionState } from '../contract/domain-config';
import { contentTask, type ContentTask } from '../contract/content';
import { ipBanEntry, type IpBanEntry } from '../contract/ip-ban';
import {
  alarmContact,
  alarmGroup,
  alarmPolicy,
  alarmTemplate,
  type AlarmContact,
  type AlarmGroup,
  type AlarmPolicy,
  type AlarmTemplate,
} from '../contract/alarm';

/**
 * The targets of one copy of a domain's configuration (spec §5: at most 10 new domains per copy):
 * an aggregate of its own, so the limit holds under concurrent copies without a lock on the account.
 */
export const domainCopy = z.object({
  id: z.string(),
  source_id: z.string(),
  /** What is copied (spec §2 "choose contents"): the same for every target of the copy. */
  contents: z.array(z.string()),
  targets: z.array(z.string()),
  version: z.number().int().min(1),
});
export type DomainCopy = z.infer<typeof domainCopy>;

/** The sections of a domain's configuration (src/contract/domain-config), by kind. */
type SectionStates = { [K in SectionKind]: SectionState<K> };

/** The state of each kind of aggregate, as the server answers it (its snapshot). */
export interface AggregateStates extends SectionStates {
  domain: DomainEntry;
  domainGroup: DomainGroup;
  ipBan: IpBanEntry;
  domainCopy: DomainCopy;
  contentTask: ContentTask;
  alarmPolicy: AlarmPolicy;
  alarmTemplate: AlarmTemplate;
  alarmContact: AlarmContact;
  alarmGroup: AlarmGroup;
}
export type Kind = keyof AggregateStates;

/**
 * How each kind is kept: `table`, in its own table (read by the lists and the rules); `document`,
 * as one JSON document per aggregate, every version kept (the per-domain configuration sections).
 */
export const aggregateKinds: {
  [k in Kind]: { snapshot: z.ZodType<AggregateStates[k]>; storage: 'table' | 'document' };
} = {
  domain: { snapshot: domainEntry, storage: 'table' },
  domainGroup: { snapshot: domainGroup, storage: 'table' },
  ipBan: { snapshot: ipBanEntry, storage: 'table' },
  domainCopy: { snapshot: domainCopy, storage: 'document' },
  contentTask: { snapshot: contentTask, storage: 'table' },
  alarmPolicy: { snapshot: alarmPolicy, storage: 'document' },
  alarmTemplate: { snapshot: alarmTemplate, storage: 'document' },
  alarmContact: { snapshot: alarmContact, storage: 'document' },
  alarmGroup: { snapshot: alarmGroup, storage: 'document' },
  ...(Object.fromEntries(
    sectionKinds.map((kind) => [kind, { snapshot: sectionState(kind), storage: 'document' }]),
  ) as { [K in SectionKind]: { snapshot: z.ZodType<SectionState<K>>; storage: 'document' } }),
};
