import { ipBanUnbanPayload } from '../../contract/ip-ban';
import { defineCommand } from '../command';
import { entryInForce, menuPath, tag } from './rules';

export const ipBanUnban = defineCommand({
  name: 'ipBan.unban',
  schemaVersion: 1,
  payload: ipBanUnbanPayload,
  primary: 'ipBan',
  targets: (p) => ({ ipBan: p.cidr }),
  menuPath,
  api: { path: '/v3/ipban/ban/unban', summary: 'Lift a ban in force.', tag },
  done: 'ipBan.unbanned',
  label: /*i18n*/ { id: 'auditLog.action.ipBan.unban', message: 'Unbanned an IP' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'ipBan.command.unban', message: 'Unban {cidr}' },
    values: { cidr: p.cidr },
  }),
  apply({ ipBan }, p, ctx) {
    return { ipBan: { ...entryInForce(ipBan, p.cidr, ctx.now), status: 'unbanned' as const } };
  },
});
