import type { FastifyInstance } from 'fastify';
import { formatAddress, parseAddress } from '../../../src/contract/rules/ip';
import type { AppContext } from '../../http/context';
import { invalid, ok } from '../../http/envelope';
import { contractRoute, updatedSinceOverlapMs } from '../../http/routes';
import { coveringEntry, listEntries } from './service';

export function ipBanRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'ipBanList', async (request, input, auth) => {
    const now = new Date();
    const page = await listEntries(ctx.db, auth.viewAccountId, input, now);
    return ok(request, {
      ...page,
      server_time: new Date(now.getTime() - updatedSinceOverlapMs).toISOString(),
    });
  });

  contractRoute(app, ctx, 'ipBanLookup', async (request, input, auth) => {
    const address = parseAddress(input.ip);
    if (!address) throw invalid([{ path: 'ip', message_id: 'ipBan.rule.format' }]);
    const entry = await coveringEntry(ctx.db, auth.viewAccountId, address, new Date());
    return ok(request, {
      ip: formatAddress(address.family, address.value),
      banned: entry !== null,
      entry,
    });
  });
}
