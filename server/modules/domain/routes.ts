import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute, updatedSinceOverlapMs } from '../../http/routes';
import { DomainListIndex } from './list-index';
import { contentOf } from '../../../src/contract/domain-config';
import { documentHistory } from '../../aggregates/documents';
import { domainConfig } from './config';
import { domainDetail, domainNames, listDomains, listGroups } from './service';
import { reaches } from '../../authz/gate';

/** The next `updated_since` of a list read at `now` (see `updatedSinceOverlapMs`). */
const serverTime = (now: Date) => new Date(now.getTime() - updatedSinceOverlapMs).toISOString();

/** The domain reads; every change is a command (`./commands`). Always the active account's data. */
export function domainRoutes(app: FastifyInstance, ctx: AppContext): void {
  const index = new DomainListIndex(ctx.db);
  const unfollow = index.follow(ctx.changes);
  app.addHook('onClose', async () => unfollow());

  contractRoute(app, ctx, 'domainList', async (request, input, auth) => {
    const now = new Date();
    // What changed since a time comes from the database (deletions included); a page of the list
    // from the index kept in memory.
    // A sub-account's list holds only the domains granted to it (spec §6): read from the database.
    const page = !auth.scope.domains.all
      ? await listDomains(ctx.db, auth.viewAccountId, input, auth.scope.domains.ids)
      : input.updated_since
        ? await listDomains(ctx.db, auth.viewAccountId, input)
        : await index.page(auth.viewAccountId, input);
    return ok(request, { ...page, server_time: serverTime(now) });
  });

  contractRoute(app, ctx, 'domainNames', async (request, _input, auth) =>
    ok(request, {
      lists: (await domainNames(ctx.db, auth.viewAccountId)).filter((d) =>
        reaches(auth, { kind: 'domain', id: d.id }),
      ),
    }),
  );

  contractRoute(app, ctx, 'domainDetail', async (request, input, auth) =>
    ok(request, await domainDetail(ctx.db, auth.viewAccountId, input.id)),
  );

  contractRoute(app, ctx, 'domainConfig', async (request, input, auth) => {
    await domainDetail(ctx.db, auth.viewAccountId, input.id);
    return ok(request, await domainConfig(ctx.db, auth.viewAccountId, input.id));
  });

  contractRoute(app, ctx, 'sectionHistory', async (request, input, auth) => {
    await domainDetail(ctx.db, auth.viewAccountId, input.id);
    const versions = await documentHistory(ctx.db, auth.viewAccountId, input.kind, input.id);
    return ok(request, {
      versions: versions.map(({ data, ...version }) => ({ ...version, content: contentOf(data) })),
    });
  });

  contractRoute(app, ctx, 'domainGroupList', async (request, input, auth) => {
    const now = new Date();
    const lists = await listGroups(ctx.db, auth.viewAccountId, input.updated_since);
    return ok(request, { lists, server_time: serverTime(now) });
  });
}
