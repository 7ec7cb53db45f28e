import type { Objects } from '../../src/contract/permissions';
import type { Executor } from '../db/client';
import { eventObjects } from '../modules/alarm/history';
import { namesServing } from '../modules/content/service';
import { liveDomainsNamed } from '../modules/domain/service';
import { taskOwners } from '../modules/file-sync/service';
import { canView } from '../modules/account/service';
import type { ObjectRef } from './gate';
import type { Principal } from './principal';

/**
 * The objects an operation names, as the gate judges them (`ObjectRef`): ids of domains and
 * certificates as they are; what stands for a domain, an owner or the whole account looked up in
 * the active account; an account, whether the caller may view it. An id that names nothing there stands for nothing: the operation answers
 * "not found" itself, as it does for the caller that may reach everything.
 */
export async function resolveObjects(
  db: Executor,
  principal: Pick<Principal, 'account' | 'view'>,
  objects: Objects,
): Promise<ObjectRef[]> {
  const accountId = principal.view.id;
  const refs: ObjectRef[] = [
    ...(objects.domains ?? []).map((id) => ({ kind: 'domain' as const, id })),
    ...(objects.certs ?? []).map((id) => ({ kind: 'cert' as const, id })),
  ];
  if (objects.settings) refs.push({ kind: 'settings' });
  if (objects.hosts?.length) {
    // A host stands for the domain that serves it: its own name first, then the nearest wildcard,
    // whatever the domain's state (a refresh of a suspended domain is still that domain's).
    const hosts = [...new Set(objects.hosts)];
    const named = await liveDomainsNamed(db, accountId, [...new Set(hosts.flatMap(namesServing))]);
    const byName = new Map(named.map((d) => [d.name, d.id]));
    for (const host of hosts) {
      const id = namesServing(host)
        .map((name) => byName.get(name))
        .find((found) => found !== undefined);
      if (id !== undefined) refs.push({ kind: 'domain', id });
    }
  }
  if (objects.alarmEvents?.length)
    for (const object of await eventObjects(db, accountId, objects.alarmEvents))
      refs.push(object === '*' ? { kind: 'settings' } : { kind: 'domain', id: object });
  for (const id of objects.accounts ?? [])
    refs.push({ kind: 'account', id, viewable: await canView(db, principal.account, id) });
  if (objects.fileTasks?.length)
    for (const owner of await taskOwners(db, accountId, objects.fileTasks))
      refs.push({ kind: 'owner', id: owner });
  return refs;
}
