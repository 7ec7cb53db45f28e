import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import type { AuthContext } from '../../authz/principal';
import { reaches } from '../../authz/gate';
import { countByServiceType, countByStatus, domainsOf, summaryOf } from './service';

export function overviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The domains the caller may see: a sub-account's counts are of its granted domains.
  const visibleDomains = async (auth: AuthContext) =>
    (await domainsOf(ctx.db, auth.viewAccountId)).filter((d) => reaches(auth, { kind: 'domain', id: d.id }));
  contractRoute(app, ctx, 'cdnType', async (request, _input, auth) =>
    ok(request, { lists: countByServiceType(await visibleDomains(auth)) }),
  );
  contractRoute(app, ctx, 'overviewDomains', async (request, _input, auth) => {
    const list = await visibleDomains(auth);
    return ok(request, { lists: list.map(summaryOf), total: list.length, by_status: countByStatus(list) });
  });
}
