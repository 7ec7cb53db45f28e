import type { DomainEntry, DomainGroup, Origin } from '../../contract/domain';
import type { Fold } from '../../store';

type Fields = Record<string, unknown>;
const fieldsOf = (payload: unknown): Fields =>
  typeof payload === 'object' && payload !== null ? (payload as Fields) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const groupRef = (value: unknown): string | null | undefined =>
  typeof value === 'string' || value === null ? value : undefined;

/**
 * A domain created or copied in this browser, as the screens show it until the server answers:
 * no CNAME, creator or times yet (empty), version 0.
 */
function newDomain(p: Fields, copiedFrom: string | null): DomainEntry | undefined {
  const id = text(p.id);
  const domain = text(p.domain);
  if (id === undefined || domain === undefined) return undefined;
  return {
    id,
    domain,
    service_type: text(p.service_type) ?? '',
    area: text(p.area) ?? '',
    business_type: text(p.business_type) ?? '',
    cname: '',
    group_id: groupRef(p.group_id) ?? null,
    status: 'active',
    special_config: false,
    origins: Array.isArray(p.origins) ? (p.origins as Origin[]) : [],
    copied_from: copiedFrom,
    created_by: '',
    created_at: '',
    updated_by: '',
    updated_at: '',
    version: 0,
  };
}

/**
 * How the domain commands change a domain, as the screens predict it until the server answers
 * (the server's rules may still refuse; the pending-changes panel then shows why). A deleted
 * domain folds to its `deleted` state: the list leaves it out, the detail says so.
 */
export const domainFold: Fold<DomainEntry> = (current, command) => {
  const p = fieldsOf(command.payload);
  switch (command.name) {
    case 'domain.create':
      return current ?? newDomain(p, null);
    case 'domain.copyConfig':
      return current ?? newDomain(p, text(p.source_id) ?? null);
    case 'domain.hangUp':
      return current && { ...current, status: 'hung_up' };
    case 'domain.recover':
      return current && { ...current, status: 'active' };
    case 'domain.delete':
      return current && { ...current, status: 'deleted' };
    case 'domain.rename': {
      const domain = text(p.domain);
      // The CNAME follows the name; the server gives the new one.
      return current && domain !== undefined ? { ...current, domain, cname: '' } : current;
    }
    case 'domain.move': {
      const group = groupRef(p.group_id);
      return current && group !== undefined ? { ...current, group_id: group } : current;
    }
    default:
      return current;
  }
};

/** How the group commands change a group until the server answers. */
export const domainGroupFold: Fold<DomainGroup> = (current, command) => {
  const p = fieldsOf(command.payload);
  switch (command.name) {
    case 'domainGroup.create': {
      const id = text(p.id);
      const name = text(p.name);
      if (current || id === undefined || name === undefined) return current;
      return { id, name: name.trim(), deleted: false, created_at: '', updated_at: '', version: 0 };
    }
    case 'domainGroup.rename': {
      const name = text(p.name);
      return current && name !== undefined ? { ...current, name: name.trim() } : current;
    }
    case 'domainGroup.delete':
      return current && { ...current, deleted: true };
    default:
      return current;
  }
};
