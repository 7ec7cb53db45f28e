import { Code } from '../../../src/contract';
import { objectsOfAggregate } from '../../../src/commands/objects';
import { commands } from '../../../src/commands/registry';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import type { Objects, Permission } from '../../../src/contract/permissions';
import { authorize, reaches, type ObjectRef } from '../../authz/gate';
import { principalOf } from '../../authz/principal';
import type { Db } from '../../db/client';
import { AppError } from '../../http/envelope';
import type { Account } from '../account/service';
import { certificateName } from '../cert/service';
import { domainsByIds } from '../domain/service';
import { childOf } from './service';

/** Commands that make a new domain: they act on no existing one. */
const makesDomain = new Set(['domain.create', 'domain.copyConfig']);

/**
 * An input that names `id` in every field, for asking a declaration which objects a call on `id`
 * acts on: `id`, `domain_id`, `domain_ids` all name it, and `all` is false.
 */
const namingOnly = (id: string) =>
  new Proxy(
    {},
    { get: (_target, key) => (key === 'all' ? false : String(key).endsWith('_ids') ? [id] : id) },
  ) as never;

const names = (objects: Objects, kind: 'domain' | 'cert', id: string) =>
  (kind === 'domain' ? objects.domains : objects.certs)?.includes(id) === true;

/**
 * The permission simulator of user detail: what a sub-account can do on one domain or certificate
 * of its main account, judged by the gate (`server/authz/gate.ts`) itself for each call and
 * command that acts on such an object: the sub-account's function permission against the call's
 * declaration, then its data permission on the object.
 */
export async function simulate(
  db: Db,
  main: Account,
  input: { child_user_id: number; kind: 'domain' | 'cert'; id: string },
) {
  const sub = await childOf(db, main.id, input.child_user_id);
  const name =
    input.kind === 'domain'
      ? ((await domainsByIds(db, main.id, [input.id]))[0]?.domain ?? null)
      : await certificateName(db, main.id, input.id);
  if (name === null) throw new AppError(Code.notFound, 'common.notFound');
  const principal = await principalOf({ db }, sub, main.id);
  if (!principal) throw new AppError(Code.notFound, 'common.notFound');
  const ref: ObjectRef =
    input.kind === 'domain' ? { kind: 'domain', id: input.id } : { kind: 'cert', id: input.id };
  const dataAllowed = reaches(principal, ref);
  // Whatever the state of the service and the sign-in: what the permissions alone allow.
  const judge = (permission: Permission<never>) => {
    let functionAllowed = true;
    try {
      authorize(principal, { ...permission, access: 'identity', reauth: undefined });
    } catch {
      functionAllowed = false;
    }
    const reason = !functionAllowed ? 'function' : !dataAllowed ? 'data' : 'ok';
    return { allowed: reason === 'ok', reason } as const;
  };
  const calls = [];
  for (const [callName, endpoint] of Object.entries(endpoints) as [EndpointName, Permission<never>][]) {
    if (!endpoint.objects || !names(endpoint.objects(namingOnly(input.id)), input.kind, input.id)) continue;
    calls.push({
      name: callName,
      summary: endpoints[callName].summary,
      effect: endpoint.effect,
      ...judge(endpoint),
    });
  }
  for (const module of Object.values(commands)) {
    const onDomain =
      (objectsOfAggregate(module.primary, input.id, undefined).domains ?? []).includes(input.id) &&
      !makesDomain.has(module.name);
    // Associating a certificate acts on the certificate too.
    const onCert = module.name === 'domainHttps.associate';
    if ((input.kind === 'domain' && !onDomain) || (input.kind === 'cert' && !onCert)) continue;
    calls.push({
      name: module.name,
      summary: module.api.summary,
      effect: 'write' as const,
      ...judge({ access: 'identity', effect: 'write', menu: module.menuPath }),
    });
  }
  return { object: { kind: input.kind, id: input.id, name }, data_allowed: dataAllowed, calls };
}
