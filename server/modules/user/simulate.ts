import { Code } from '../../../src/contract';
import { commands } from '../../../src/commands/registry';
import { endpoints } from '../../../src/contract/endpoints';
import { domainScoped } from '../../commands/data-permission';
import type { Db } from '../../db/client';
import { AppError } from '../../http/envelope';
import { endpointEffects, endpointMenuPaths, endpointObjects } from '../../http/routes';
import { effectiveMenuIds, opensPath, type Account } from '../account/service';
import { certificateName } from '../cert/service';
import { domainsByIds } from '../domain/service';
import { allows, dataScopeOf } from './scope';
import { childOf } from './service';

/** Commands that make a new domain: they act on no existing one. */
const makesDomain = new Set(['domain.create', 'domain.copyConfig']);

/**
 * The permission simulator of user detail: what a sub-account can do on one domain or certificate
 * of its main account. Each call and command acting on such an object is judged with the pieces
 * the server's own checks use: the caller's menu (`effectiveMenuIds`, `opensPath`, the calls'
 * menu paths) and its data scope (`dataScopeOf`, `allows`).
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
  const menu = await effectiveMenuIds(db, sub, main.id);
  const scope = await dataScopeOf(db, sub);
  const dataAllowed = allows(input.kind === 'domain' ? scope.domains : scope.certs, input.id);
  const judge = (menuPath: string | readonly string[] | undefined) => {
    const functionAllowed = menuPath === undefined || opensPath(menu, menuPath);
    const reason = !functionAllowed ? 'function' : !dataAllowed ? 'data' : 'ok';
    return { allowed: reason === 'ok', reason } as const;
  };
  const calls = [];
  for (const [callName, kind] of Object.entries(endpointObjects)) {
    if (kind !== input.kind) continue;
    const endpointName = callName as keyof typeof endpoints;
    calls.push({
      name: callName,
      summary: endpoints[endpointName].summary,
      effect: endpointEffects[endpointName],
      ...judge(endpointMenuPaths[endpointName]),
    });
  }
  for (const module of Object.values(commands)) {
    const onDomain = domainScoped.has(module.primary) && !makesDomain.has(module.name);
    // Associating a certificate acts on the certificate too.
    const onCert = module.name === 'domainHttps.associate';
    if ((input.kind === 'domain' && !onDomain) || (input.kind === 'cert' && !onCert)) continue;
    calls.push({
      name: module.name,
      summary: module.api.summary,
      effect: 'write' as const,
      ...judge(module.menuPath),
    });
  }
  return { object: { kind: input.kind, id: input.id, name }, data_allowed: dataAllowed, calls };
}
