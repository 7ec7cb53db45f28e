import type { DomainEntry, DomainGroup } from '../../../src/contract/domain';
import { rowWrite, stamped, type AggregateStore } from '../../aggregates/types';
import { domainGroups, domains } from '../../db/schema';
import { entryOf, groupOf, loadDomain, loadGroup } from './service';

/** The domain aggregate: the row of `domains` (server/commands/stores.ts lists it). */
export const domainStore: AggregateStore<DomainEntry> = {
  async load(tx, accountId, id) {
    const state = await loadDomain(tx, accountId, id);
    return state ? { version: state.row.version, state: entryOf(state) } : null;
  },
  save(tx, name, input) {
    const { after } = input;
    const columns = {
      name: after.domain,
      serviceType: after.service_type,
      area: after.area,
      businessType: after.business_type,
      status: after.status,
      cname: after.cname,
      groupId: after.group_id,
      origins: after.origins,
      specialConfig: after.special_config,
      copiedFrom: after.copied_from,
    };
    const write = rowWrite(tx, domains, input, columns);
    return {
      writes: [tx.$with(name).as(write)],
      state: stamped(input),
    };
  },
};

/** The group aggregate: the row of `domain_groups`. */
export const groupStore: AggregateStore<DomainGroup> = {
  async load(tx, accountId, id) {
    const row = await loadGroup(tx, accountId, id);
    return row ? { version: row.version, state: groupOf(row) } : null;
  },
  save(tx, name, input) {
    const columns = { name: input.after.name, deleted: input.after.deleted };
    const write = rowWrite(tx, domainGroups, input, columns);
    return {
      writes: [tx.$with(name).as(write)],
      state: stamped(input),
    };
  },
};
