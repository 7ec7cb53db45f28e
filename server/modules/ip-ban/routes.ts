import type { FastifyInstance } from 'fastify';
import { formatAddress, parseAddress } from '../../../src/contract/rules/ip';
import type { AppContext } from '../../http/context';
import { invalid, ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { coveringEntry, listEntries } from './service';

/**
 * How far `server_time` is set back from the moment the list was read. A command that started
 * before the read but commits after it carries an `updated_at` earlier than the read; answering
 * a slightly earlier time makes the next `updated_since` page include it. Entries read twice are
 * harmless to the browser (it replaces snapshots by id).
 */
export const updatedSinceOverlapMs = 30_000;

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
