import { Code } from '../../contract/codes';
import { ipBanBanPayload } from '../../contract/ip-ban';
import { limits } from '../../contract/limits';
import { defineCommand, Refusal, type ApplyContext } from '../command';
import { inForce, menuPath, requireFutureExpiry, tag, type BanFacts } from './rules';

export const ipBanBan = defineCommand({
  name: 'ipBan.ban',
  schemaVersion: 1,
  payload: ipBanBanPayload,
  primary: 'ipBan',
  targets: (p) => ({ ipBan: p.cidr }),
  menuPath,
  api: {
    path: '/v3/ipban/ban/add',
    summary: 'Ban an IP or CIDR range (a new entry, or again an unbanned one).',
    tag,
  },
  done: 'ipBan.banned',
  label: /*i18n*/ { id: 'auditLog.action.ipBan.ban', message: 'Banned an IP' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'ipBan.command.ban', message: 'Ban {cidr}' },
    values: { cidr: p.cidr },
  }),
  apply({ ipBan: entry }, p, ctx: ApplyContext<BanFacts>) {
    if (inForce(entry, ctx.now))
      throw new Refusal('ipBan.rule.alreadyBanned', 'cidr', undefined, { entry: p.cidr });
    requireFutureExpiry(p.expires_at, ctx.now);
    if (ctx.facts?.overlapping)
      throw new Refusal('ipBan.rule.overlapsEntry', 'cidr', undefined, { entry: ctx.facts.overlapping });
    if (ctx.facts && ctx.facts.banned >= limits.ipBan.entriesMax)
      throw new Refusal('ipBan.rule.listFull', 'cidr', Code.limitReached, { max: limits.ipBan.entriesMax });
    const ban = { status: 'banned' as const, reason: p.reason, expires_at: p.expires_at };
    // Banned again: the entry keeps who created it and when.
    if (entry) return { ipBan: { ...entry, ...ban } };
    return {
      ipBan: {
        id: p.cidr,
        family: p.cidr.includes(':') ? (6 as const) : (4 as const),
        ...ban,
        created_by: ctx.actor,
        created_at: ctx.now,
        updated_by: ctx.actor,
        updated_at: ctx.now,
        version: 0,
      },
    };
  },
});
