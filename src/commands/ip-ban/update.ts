import { ipBanUpdatePayload } from '../../contract/ip-ban';
import { defineCommand } from '../command';
import { entryInForce, menuPath, requireFutureExpiry, tag } from './rules';

export const ipBanUpdate = defineCommand({
  name: 'ipBan.update',
  schemaVersion: 1,
  payload: ipBanUpdatePayload,
  primary: 'ipBan',
  targets: (p) => ({ ipBan: p.cidr }),
  menuPath,
  api: { path: '/v3/ipban/ban/update', summary: 'Change the reason or expiry of a ban in force.', tag },
  done: 'ipBan.updated',
  label: /*i18n*/ { id: 'auditLog.action.ipBan.update', message: 'Changed an IP ban' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'ipBan.command.update', message: 'Change the ban of {cidr}' },
    values: { cidr: p.cidr },
  }),
  apply({ ipBan }, p, ctx) {
    const entry = entryInForce(ipBan, p.cidr, ctx.now);
    requireFutureExpiry(p.expires_at, ctx.now);
    return { ipBan: { ...entry, reason: p.reason, expires_at: p.expires_at } };
  },
});
